import { useTranslation } from 'react-i18next';
import { CodeButton } from '../../../components/ui/code-button';
import { Field } from '../../../components/ui/field';
import { sendWithdrawCode } from '../api/withdrawals';

/** The e-mailed code's form: six digits (what the server accepts). */
export function isWithdrawCode(v: string): boolean {
  return /^\d{6}$/.test(v.trim());
}

interface WithdrawCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The account's e-mail, named under the field so the user knows where to look. */
  email: string | null | undefined;
  /** The screen's prefix of test ids: `<prefix>-code`, `<prefix>-send-code`. */
  testPrefix: string;
}

/**
 * The code that confirms binding a withdrawal method or a withdrawal (send_email type 3): sent to
 * the account's own e-mail, with the 60 s resend countdown of every code button.
 */
export function WithdrawCodeField({ value, onChange, email, testPrefix }: WithdrawCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        name={`${testPrefix}-code`}
        label={t('auth.code')}
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
        placeholder={t('auth.code_placeholder')}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        testId={`${testPrefix}-code`}
        suffix={<CodeButton testId={`${testPrefix}-send-code`} onSend={sendWithdrawCode} />}
      />
      {email ? (
        <p className="tp-muted tp-field-note tp-wrap" data-testid={`${testPrefix}-code-to`}>
          {t('user.code_to_email', { email })}
        </p>
      ) : null}
    </>
  );
}
