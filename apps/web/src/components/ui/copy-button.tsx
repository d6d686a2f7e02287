import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { toast, toastSuccess } from '../../lib/toast';

/** A copy button: "Copied" when the browser took the text, else how to copy it by hand. */
export function CopyButton({ text, label, testId, block }: { text: string; label?: string; testId?: string; block?: boolean }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) toastSuccess(t('public.copy_success'));
    else toast(t('wallet.copy_failed'));
  };
  return (
    <Button size={block ? 'middle' : 'small'} block={block} color="primary" fill={block ? 'solid' : 'outline'} disabled={!text} onClick={() => void copy()} data-testid={testId}>
      {label ?? t('public.copy')}
    </Button>
  );
}
