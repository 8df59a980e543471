import { useId, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';

interface QuantityFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  /** What the number buys: included quantity and price per extra unit. */
  hint: string;
  onChange: (value: number) => void;
  testId: string;
}

/**
 * A whole number with − and + steppers. Typing keeps a draft: only a whole number inside the
 * bounds reaches the plan, anything else says what is allowed and changes nothing.
 */
export function QuantityField({
  label,
  value,
  min,
  max,
  hint,
  onChange,
  testId,
}: QuantityFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  // A stepper click or a reset changes the value from outside: the draft follows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const parsed = /^\d{1,4}$/.test(draft.trim()) ? Number(draft.trim()) : NaN;
  const invalid = !(parsed >= min && parsed <= max);
  const error = `Enter a whole number from ${min} to ${max}.`;

  const type = (text: string) => {
    setDraft(text);
    const next = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (next >= min && next <= max) onChange(next);
  };
  const step = (by: number) => onChange(Math.min(max, Math.max(min, value + by)));

  return (
    <div className="billing-quantity">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="billing-stepper">
        <button
          type="button"
          className="icon-button billing-step"
          aria-label={`Fewer ${label.toLowerCase()}`}
          disabled={value <= min}
          onClick={() => step(-1)}
          data-testid={`${testId}-less`}
        >
          <Icon name="minus" size={16} />
        </button>
        <input
          id={id}
          className={`input billing-quantity-input${invalid ? ' input-invalid' : ''}`}
          inputMode="numeric"
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setDraft(String(value))}
          data-testid={testId}
        />
        <button
          type="button"
          className="icon-button billing-step"
          aria-label={`More ${label.toLowerCase()}`}
          disabled={value >= max}
          onClick={() => step(1)}
          data-testid={`${testId}-more`}
        >
          <Icon name="plus" size={16} />
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field-error" role="alert">
          <Icon name="alert" size={14} /> {error}
        </p>
      )}
    </div>
  );
}
