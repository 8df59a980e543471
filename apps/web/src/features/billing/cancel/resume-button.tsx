import { Button } from '../../../components/button.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useResumeSubscription } from '../api/subscription-changes.ts';
import { day } from '../billing-format.ts';

/** Takes back a scheduled cancellation while the term has not ended. */
export function ResumeButton() {
  const resume = useResumeSubscription();
  return (
    <Button
      variant="primary"
      loading={resume.isPending}
      data-testid="resume-subscription"
      onClick={() =>
        resume.mutate(undefined, {
          onSuccess: (details) =>
            showToast(
              details.nextBillingAt
                ? `Your subscription is back on. It renews on ${day(details.nextBillingAt)}.`
                : 'Your subscription is back on.',
              { tone: 'success', durationMs: 6000 },
            ),
          onError: (error) => {
            if (!isSessionError(error)) {
              showToast(`The subscription was not resumed: ${errorMessage(error)} Try again.`, {
                tone: 'danger',
                durationMs: 8000,
              });
            }
          },
        })
      }
    >
      Resume subscription
    </Button>
  );
}
