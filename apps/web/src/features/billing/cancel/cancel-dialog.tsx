import type { SubscriptionDetails } from '@gds/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCancelSubscription, useChurnReasons } from '../api/subscription-changes.ts';
import { day } from '../billing-format.ts';

interface CancelDialogProps {
  open: boolean;
  details: SubscriptionDetails;
  onClose: () => void;
  /** Opens Customize instead: a smaller plan may suit better than none. */
  onDowngrade: () => void;
}

/**
 * Cancelling: why (one reason required, free text optional), a smaller plan offered instead,
 * and a plain statement of what happens when. Confirming sends the reasons, then cancels at
 * the end of the term.
 */
export function CancelDialog({ open, details, onClose, onDowngrade }: CancelDialogProps) {
  const reasons = useChurnReasons(open);
  const [reason, setReason] = useState('');
  const [payload, setPayload] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const feedbackSent = useRef(false);
  const cancel = useCancelSubscription(() => (feedbackSent.current = true));
  const ids = { reasons: useId(), text: useId() };
  const endOfTerm = day(details.currentTermEnd ?? details.nextBillingAt ?? details.end_date);

  const confirm = () => {
    if (!reason) {
      setMissingReason(true);
      return;
    }
    cancel.mutate(
      { reason, payload: payload.trim(), feedbackSent: feedbackSent.current },
      {
        onSuccess: (next) => {
          showToast(
            `Your subscription is cancelled. Your plan stays active until ${day(next.end_date ?? next.currentTermEnd)}.`,
            {
              tone: 'success',
              durationMs: 6000,
            },
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      title="Cancel subscription"
      onClose={onClose}
      testId="cancel-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Keep my plan
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={confirm}
            data-testid="confirm-cancel"
          >
            Cancel subscription
          </Button>
        </>
      }
    >
      <div className="alert alert-info billing-cancel-terms" data-testid="cancel-terms">
        <Icon name="info" size={16} />
        <p>
          Your plan stays active until {endOfTerm}. After that, new connections and invitations
          stop; your connected accounts and their data are kept. You can resume any time before
          then.
        </p>
      </div>

      <fieldset
        className="billing-reasons"
        aria-describedby={missingReason ? `${ids.reasons}-error` : undefined}
        data-testid="churn-reasons"
      >
        <legend className="field-label">Why are you cancelling?</legend>
        {reasons.isError ? (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" size={16} />
            <span>The reasons could not be loaded: {errorMessage(reasons.error)}</span>
            <Button size="sm" onClick={() => void reasons.refetch()}>
              Try again
            </Button>
          </div>
        ) : !reasons.data ? (
          <Skeleton height={80} />
        ) : (
          reasons.data.map((option) => (
            <label key={option.id} className="billing-reason">
              <input
                type="radio"
                name={ids.reasons}
                value={option.id}
                checked={reason === option.id}
                onChange={() => {
                  setReason(option.id);
                  setMissingReason(false);
                }}
              />
              {option.label}
            </label>
          ))
        )}
        {missingReason && (
          <p
            id={`${ids.reasons}-error`}
            className="field-error"
            role="alert"
            data-testid="reason-error"
          >
            <Icon name="alert" size={14} /> Choose a reason, so we know what to improve.
          </p>
        )}
      </fieldset>

      <div className="dialog-field">
        <label htmlFor={ids.text} className="field-label">
          Anything else you would like to tell us? <span className="billing-muted">(optional)</span>
        </label>
        <textarea
          id={ids.text}
          className="input billing-textarea"
          rows={3}
          maxLength={2000}
          value={payload}
          onChange={(event) => setPayload(event.target.value)}
          data-testid="churn-text"
        />
      </div>

      <div className="billing-offer" data-testid="downgrade-offer">
        <p>
          <strong>Need less rather than nothing?</strong> Fewer accounts or users cost less, and you
          keep everything you connected.
        </p>
        <Button size="sm" onClick={onDowngrade} data-testid="downgrade-instead">
          Switch to a smaller plan
        </Button>
      </div>

      {cancel.isError && !isSessionError(cancel.error) && (
        <div className="alert alert-danger dialog-alert" role="alert" data-testid="cancel-error">
          <Icon name="alert" size={16} />
          <span>
            The subscription was not cancelled: {errorMessage(cancel.error)} Press Cancel
            subscription to try again.
          </span>
        </div>
      )}
    </Dialog>
  );
}
