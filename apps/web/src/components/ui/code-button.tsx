import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export const CODE_COUNTDOWN_S = 60;

interface CodeButtonProps {
  /** Send the code; resolve when the server accepted (the countdown then starts). */
  onSend: () => Promise<unknown>;
  /** Return false to refuse before sending (e.g. missing e-mail). */
  beforeSend?: () => boolean;
  disabled?: boolean;
  testId?: string;
}

/** "Send code" with the 60-second resend countdown (spec section 4). */
export function CodeButton({ onSend, beforeSend, disabled, testId }: CodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const click = async () => {
    if (left > 0 || sending) return;
    if (beforeSend && !beforeSend()) return;
    setSending(true);
    try {
      await onSend();
      setLeft(CODE_COUNTDOWN_S);
    } catch {
      /* the api client already showed why */
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="mini"
      color="primary"
      fill="none"
      className="tp-input-suffix"
      disabled={disabled || left > 0}
      loading={sending}
      onClick={click}
      data-testid={testId}
    >
      {left > 0 ? t('public.resend_in', { seconds: left }) : t('public.send_code')}
    </Button>
  );
}
