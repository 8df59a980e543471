import type { Card } from '@gds/contract';
import { Badge } from '../../../components/badge.tsx';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useUpdateCard } from '../api/checkout.ts';
import { cardBrand, cardExpiry, isCardExpired } from '../billing-format.ts';
import { leaveFor } from '../leave-for.ts';

/**
 * The card on file (brand, last four digits, expiry). "Update card" opens the payment
 * provider's own page: card numbers never pass through this app.
 */
export function CardOnFile({ card }: { card: Card | null }) {
  const update = useUpdateCard();
  const expired = card ? isCardExpired(card) : false;
  return (
    <section className="card card-padded billing-card" aria-labelledby="billing-card-title">
      <h2 id="billing-card-title" className="card-title">
        Payment method
      </h2>
      {card ? (
        <div className="billing-card-row" data-testid="billing-card">
          <Icon name="card" size={22} />
          <div>
            <p className="billing-card-number">
              {cardBrand(card.brand)} <span aria-hidden="true">•••• </span>
              <span className="visually-hidden">ending in </span>
              {card.last4}
            </p>
            <p className="billing-muted">
              Expires {cardExpiry(card)} {expired && <Badge tone="danger">Expired</Badge>}
            </p>
          </div>
        </div>
      ) : (
        <p className="billing-muted" data-testid="billing-no-card">
          No card on file yet. You add one when you check out.
        </p>
      )}
      {card && (
        <Button
          variant={expired ? 'primary' : 'secondary'}
          loading={update.isPending || update.isSuccess}
          onClick={() => update.mutate(undefined, { onSuccess: leaveFor })}
          data-testid="update-card"
        >
          Update card
        </Button>
      )}
      {update.isError && !isSessionError(update.error) && (
        <p className="field-error" role="alert" data-testid="update-card-error">
          <Icon name="alert" size={14} /> The card page could not be opened:{' '}
          {errorMessage(update.error)} Press Update card to try again.
        </p>
      )}
    </section>
  );
}
