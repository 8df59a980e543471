import { useId } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';

interface CouponFieldProps {
  draft: string;
  onDraftChange: (text: string) => void;
  /** The code in the current choice, once applied. */
  applied: string | null;
  /** What the provider calls the accepted coupon ("10% off forever"); null while it checks. */
  appliedDescription: string | null;
  error: string | null;
  onApply: () => void;
  onRemove: () => void;
}

/**
 * A coupon code with Apply. The provider decides: an unknown code or one for another period
 * is refused with its reason beside the field, and the preview goes on without it.
 */
export function CouponField(props: CouponFieldProps) {
  const { draft, onDraftChange, applied, appliedDescription, error, onApply, onRemove } = props;
  const id = useId();
  return (
    <div className="billing-coupon">
      <label htmlFor={id} className="field-label">
        Coupon
      </label>
      <form
        className="billing-coupon-row"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <input
          id={id}
          className={`input billing-coupon-input${error ? ' input-invalid' : ''}`}
          value={draft}
          maxLength={50}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onDraftChange(event.target.value)}
          data-testid="coupon-input"
        />
        <Button type="submit" disabled={draft.trim() === ''} data-testid="coupon-apply">
          Apply
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="coupon-error">
          <Icon name="alert" size={14} /> {error}
        </p>
      )}
      {applied && !error && (
        <p className="billing-coupon-applied" data-testid="coupon-applied">
          <Icon name="check" size={14} />
          <span>
            <strong>{applied}</strong>
            {appliedDescription ? ` — ${appliedDescription}` : ': checking…'}
          </span>
          <button type="button" className="link-button" onClick={onRemove}>
            Remove
            <span className="visually-hidden"> coupon {applied}</span>
          </button>
        </p>
      )}
    </div>
  );
}
