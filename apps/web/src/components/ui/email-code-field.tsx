import { useTranslation } from 'react-i18next';
import { sendEmailCode } from '../../lib/queries';
import { CodeButton } from './code-button';
import { Field } from './field';

interface EmailCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Where the code is e-mailed, read when the button is pressed. */
  email: () => string;
  /** CODE_PURPOSE: register or forgot. */
  purpose: 1 | 2;
  /** A check before sending (e.g. a valid e-mail); false keeps the button idle. */
  beforeSend?: () => boolean;
  maxLength: number;
  disabled?: boolean;
  sendDisabled?: boolean;
  testId: string;
  sendTestId: string;
}

/** The verification code input with its 60 s "send code" button (register, forgot, password). */
export function EmailCodeField({ value, onChange, email, purpose, beforeSend, maxLength, disabled, sendDisabled, testId, sendTestId }: EmailCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Field
      name="code"
      label={t('auth.code')}
      value={value}
      onChange={onChange}
      placeholder={t('auth.code_placeholder')}
      inputMode="numeric"
      maxLength={maxLength}
      autoComplete="one-time-code"
      testId={testId}
      disabled={disabled}
      suffix={
        <CodeButton
          testId={sendTestId}
          beforeSend={beforeSend}
          disabled={sendDisabled}
          onSend={async () => {
            await sendEmailCode(email(), purpose);
          }}
        />
      }
    />
  );
}
