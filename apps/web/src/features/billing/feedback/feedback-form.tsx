import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useSubmitBillingFeedback, type BillingFeedback } from '../api/billing-feedback.ts';

const RATINGS: ReadonlyArray<{ value: BillingFeedback['rating']; label: string }> = [
  { value: 1, label: 'Very hard' },
  { value: 2, label: 'Hard' },
  { value: 3, label: 'Okay' },
  { value: 4, label: 'Easy' },
  { value: 5, label: 'Very easy' },
];

/** "How did it go?": a 1–5 rating and optional words, sent once per team. */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const submit = useSubmitBillingFeedback();
  const [rating, setRating] = useState<BillingFeedback['rating'] | null>(null);
  const [payload, setPayload] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { rating: useId(), text: useId() };

  return (
    <form
      className="card card-padded billing-feedback"
      aria-labelledby={`${ids.rating}-title`}
      data-testid="feedback-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (submit.isPending) return;
        if (rating === null) {
          setMissing(true);
          return;
        }
        submit.mutate({ rating, payload: payload.trim() }, { onSuccess: onSent });
      }}
    >
      <h2 id={`${ids.rating}-title`} className="card-title">
        How did it go?
      </h2>
      <fieldset
        className="billing-rating"
        aria-describedby={missing ? `${ids.rating}-error` : undefined}
      >
        <legend className="field-label">How easy was it to change your plan?</legend>
        <div className="billing-rating-options">
          {RATINGS.map((option) => (
            <label key={option.value} className="billing-rating-option">
              <input
                type="radio"
                name={ids.rating}
                value={option.value}
                checked={rating === option.value}
                onChange={() => {
                  setRating(option.value);
                  setMissing(false);
                }}
                data-testid={`rating-${option.value}`}
              />
              <span className="billing-rating-number">{option.value}</span>
              <span className="billing-rating-label">{option.label}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p
            id={`${ids.rating}-error`}
            className="field-error"
            role="alert"
            data-testid="rating-error"
          >
            <Icon name="alert" size={14} /> Choose a rating from 1 to 5.
          </p>
        )}
      </fieldset>
      <div className="dialog-field">
        <label htmlFor={ids.text} className="field-label">
          Anything we could do better? <span className="billing-muted">(optional)</span>
        </label>
        <textarea
          id={ids.text}
          className="input billing-textarea"
          rows={3}
          maxLength={2000}
          value={payload}
          onChange={(event) => setPayload(event.target.value)}
          data-testid="feedback-text"
        />
      </div>
      {submit.isError && !isSessionError(submit.error) && (
        <p className="field-error" role="alert" data-testid="feedback-error">
          <Icon name="alert" size={14} /> Your feedback was not sent: {errorMessage(submit.error)}{' '}
          Press Send feedback to try again.
        </p>
      )}
      <div>
        <Button
          type="submit"
          variant="primary"
          loading={submit.isPending}
          data-testid="send-feedback"
        >
          Send feedback
        </Button>
      </div>
    </form>
  );
}
