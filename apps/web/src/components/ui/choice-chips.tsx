import './choice-chips.css';

interface Choice<V extends string | number> { value: V; label: string; sub?: string }

/** A single choice among a few options as chips (currencies, networks, accounts, sex, id type, loan term). */
export function ChoiceChips<V extends string | number>({ options, value, onChange, testId, ariaLabel }: { options: Choice<V>[]; value: V | undefined; onChange: (v: V) => void; testId: string; ariaLabel: string }) {
  return (
    <div className="tp-choice" role="radiogroup" aria-label={ariaLabel} data-testid={testId}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          className={o.value === value ? 'tp-chip active' : 'tp-chip'}
          onClick={() => onChange(o.value)}
          data-testid={`${testId}-${String(o.value)}`}
        >
          <span>{o.label}</span>
          {o.sub ? <small>{o.sub}</small> : null}
        </button>
      ))}
    </div>
  );
}
