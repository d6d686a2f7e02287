import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fairEndpoints } from '@tp/contracts';
import { liabilityLeaf, verifySumPath } from '@tp/domain';
import { call } from '../../lib/api/client';
import { money } from '../../lib/format';
import { LoadError, LoadingLines } from '../ui/states';

/**
 * The wallet's proof-of-liabilities section (real accounts): the caller's leaf in the newest
 * published Merkle sum tree, checked here against the published root with the domain's rule.
 */
export function LiabilityCheck() {
  const { t, ready } = useTranslation('fair');
  const proof = useQuery({ queryKey: ['fair', 'liability-proof'], queryFn: ({ signal }) => call(fairEndpoints.liabilityProof, undefined, { signal }) });
  const [checked, setChecked] = useState<boolean | null>(null);
  if (!ready) return null;

  let body;
  if (proof.isPending) body = <LoadingLines rows={2} />;
  else if (proof.isError) body = <LoadError compact onRetry={() => void proof.refetch()} />;
  else if (!proof.data) body = <div className="tp-muted">{t('liab_none')}</div>;
  else {
    const p = proof.data;
    const check = () => setChecked(verifySumPath(liabilityLeaf(p.day, p.userId, p.nonce, p.balance), p.path, { hash: p.root, sum: p.total }));
    body = (
      <>
        <div className="tp-detail-row">
          <span className="tp-muted">{t('liab_day')}</span>
          <span dir="ltr">{p.day}</span>
        </div>
        <div className="tp-detail-row">
          <span className="tp-muted">{t('liab_total')}</span>
          <span className="tp-num">{money(p.total)}</span>
        </div>
        <div className="tp-detail-row">
          <span className="tp-muted">{t('liab_balance')}</span>
          <span className="tp-num">{money(p.balance)}</span>
        </div>
        {checked !== null ? (
          <div data-testid="fair-liability-result" style={{ color: checked ? 'var(--tp-up)' : 'var(--tp-down)', margin: '8px 0' }}>
            <b>{checked ? t('liab_ok') : t('liab_fail')}</b>
          </div>
        ) : null}
        <Button block size="small" fill="outline" color="primary" onClick={check} data-testid="fair-liability-check">
          {t('liab_check')}
        </Button>
      </>
    );
  }
  return (
    <section style={{ margin: 12, padding: 12, borderRadius: 8, background: 'var(--tp-surface)' }} data-testid="fair-liability">
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('liab_title')}</div>
      {body}
    </section>
  );
}
