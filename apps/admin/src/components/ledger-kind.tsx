import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Why money moved, in words (`common:ledger_kinds.<kind>`), the ledger's own code kept as the
 * hover title for whoever matches it against the books. A kind without words yet shows its code.
 */
export function LedgerKind({ kind }: { kind: string }) {
  const { t } = useTranslation('common');
  const words = t(`ledger_kinds.${kind}`, { defaultValue: '' });
  return words ? (
    <span title={kind} data-testid="ledger-kind">
      {words}
    </span>
  ) : (
    <Typography.Text code data-testid="ledger-kind">
      {kind}
    </Typography.Text>
  );
}
