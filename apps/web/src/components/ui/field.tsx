import type { ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  type?: 'text' | 'password' | 'email';
  testId?: string;
  autoComplete?: string;
  suffix?: ReactNode;
  maxLength?: number;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal';
  name: string;
  onEnter?: () => void;
  disabled?: boolean;
}

/**
 * A labelled input. A native <input> (antd-mobile's Input puts data-* on its wrapper div), so the
 * test id sits on the element Playwright's fill() types into.
 */
export function Field({ label, value, onChange, placeholder, type = 'text', testId, autoComplete, suffix, maxLength, inputMode, name, onEnter, disabled }: FieldProps) {
  const id = `f-${name}`;
  return (
    <div className="tp-field">
      <label htmlFor={id}>{label}</label>
      <div className="tp-input">
        <input
          id={id}
          name={name}
          className="tp-input-el"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && onEnter) onEnter();
          }}
          placeholder={placeholder}
          type={type}
          autoComplete={autoComplete}
          maxLength={maxLength}
          inputMode={inputMode}
          disabled={disabled}
          autoCapitalize="off"
          spellCheck={false}
          data-testid={testId}
        />
        {suffix}
      </div>
    </div>
  );
}
