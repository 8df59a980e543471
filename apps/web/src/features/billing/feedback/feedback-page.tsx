import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/permissions.ts';
import { planLabel } from '../../../lib/plan-label.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useCheckoutReturn } from '../api/checkout-return.ts';
import { isConfirming, usePlanUsage, type PlanUsage } from '../api/plan-usage.ts';
import { billedLabel, count } from '../billing-format.ts';
import { FeedbackForm } from './feedback-form.tsx';

/**
 * /thankyou, where the payment provider sends the browser after a purchase: what changed (or
 * that it is still being confirmed), and a short "How did it go?" once per team.
 */
export function FeedbackPage() {
  const canBill = useCan(['edit_billing']);
  const usage = usePlanUsage(canBill);
  const checkout = useCheckoutReturn(canBill);
  const notBought = checkout.outcome === 'cancelled' || checkout.outcome === 'expired';
  const [justSent, setJustSent] = useState(false);
  const data = usage.data;

  return (
    <div className="page page-narrow billing-thanks">
      <header className="page-header">
        <p className="page-eyebrow">Billing</p>
        <h1 className="page-title">Thank you</h1>
      </header>
      <section className="card card-padded billing-thanks-card" aria-label="Your plan">
        {!canBill ? (
          <p>Thank you. Your team&apos;s plan is managed by whoever manages billing.</p>
        ) : usage.isError && !data && !isSessionError(usage.error) ? (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" size={16} />
            <span>Your plan could not be loaded: {errorMessage(usage.error)}</span>
            <Button size="sm" onClick={() => void usage.refetch()}>
              Try again
            </Button>
          </div>
        ) : notBought ? (
          <p className="alert alert-info" role="status" data-testid="thanks-not-bought">
            <Icon name="info" size={16} />
            {checkout.outcome === 'cancelled'
              ? 'The checkout was cancelled, so nothing was bought and your plan is unchanged.'
              : 'The checkout page expired before payment, so nothing was bought and your plan is unchanged.'}
          </p>
        ) : !data || checkout.pending ? (
          <p className="billing-muted">
            <Spinner size={16} /> Loading your plan…
          </p>
        ) : (
          <WhatChanged usage={data} />
        )}
        {checkout.error !== null && !isSessionError(checkout.error) && (
          <p className="billing-muted" role="status" data-testid="thanks-confirm-failed">
            {`Your payment could not be checked with the payment provider just now: ${errorMessage(checkout.error)} Your plan updates here as soon as the provider confirms it.`}
          </p>
        )}
      </section>
      {data && !data.plan.isFeedbackSubmitted && <FeedbackForm onSent={() => setJustSent(true)} />}
      {data?.plan.isFeedbackSubmitted && justSent && (
        <p className="alert alert-info" role="status" data-testid="feedback-thanks">
          <Icon name="heart" size={16} /> Thanks for telling us how it went.
        </p>
      )}
      <p>
        <Link
          className="btn btn-secondary btn-md"
          to={canBill ? ROUTES.Billing.path : ROUTES.Team.path}
          data-testid="back-to-billing"
        >
          <Icon name="arrowLeft" size={15} /> {canBill ? 'Back to Billing' : 'Back to Team'}
        </Link>
      </p>
    </div>
  );
}

/** The plan as it now stands, once the provider has confirmed it. */
function WhatChanged({ usage }: { usage: PlanUsage }) {
  if (isConfirming(usage)) {
    return (
      <div className="billing-confirming" role="status" data-testid="thanks-confirming">
        <Spinner size={18} />
        <p>
          Confirming with the payment provider… Your new limits show here as soon as it is
          confirmed.
        </p>
      </div>
    );
  }
  const { plan, subscriptionDetails: details, usage: used } = usage;
  const addons = used.addonConnectors.filter((c) => c.owned).map((c) => c.name);
  return (
    <div data-testid="thanks-plan">
      <p className="billing-thanks-lead">
        <Icon name="success" size={18} /> Your {planLabel(details.planId)} is confirmed.
      </p>
      <ul className="billing-thanks-list">
        <li>{billedLabel(details.period)}</li>
        <li data-testid="thanks-accounts">Up to {count(plan.accountLimit, 'account')}</li>
        <li data-testid="thanks-users">Up to {count(plan.userLimit, 'user')}</li>
        {addons.length > 0 && <li data-testid="thanks-addons">Add-ons: {addons.join(', ')}</li>}
      </ul>
    </div>
  );
}
