import { Button } from '../../../components/button.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDropCheckout } from '../api/checkout-return.ts';
import { leaveFor } from '../leave-for.ts';

/**
 * The two ways out of a checkout left open on the payment provider's page: back to that page
 * (while it can still take payment) to finish paying, or drop it so the plan stops waiting.
 */
export function OpenCheckoutActions({ url }: { url: string }) {
  const drop = useDropCheckout();
  return (
    <div className="billing-banner-actions">
      <Button variant="primary" onClick={() => leaveFor(url)} data-testid="return-to-checkout">
        Return to the open checkout
      </Button>
      <Button
        variant="ghost"
        loading={drop.isPending}
        data-testid="drop-checkout"
        onClick={() =>
          drop.mutate(undefined, {
            onSuccess: ({ outcome }) =>
              showToast(
                outcome === 'succeeded'
                  ? 'That checkout was paid after all: your new plan is in place.'
                  : 'Checkout dropped. Nothing was charged and your plan is unchanged.',
                { tone: 'success', durationMs: 6000 },
              ),
            onError: (error) => {
              if (!isSessionError(error)) {
                showToast(`The checkout was not dropped: ${errorMessage(error)} Try again.`, {
                  tone: 'danger',
                  durationMs: 8000,
                });
              }
            },
          })
        }
      >
        Drop it
      </Button>
    </div>
  );
}
