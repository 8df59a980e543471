import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Icon } from '../../components/icon.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { errorMessage, isSessionError } from '../../lib/api-error.ts';
import { useAddons } from './api/catalogue.ts';
import { useCheckoutReturn } from './api/checkout-return.ts';
import { isConfirming, usePlanUsage, type PlanUsage } from './api/plan-usage.ts';
import { CancelDialog } from './cancel/cancel-dialog.tsx';
import { ResumeButton } from './cancel/resume-button.tsx';
import { CustomizePanel } from './customize/customize-panel.tsx';
import { CardOnFile } from './overview/card-on-file.tsx';
import { InvoicesCard } from './overview/invoices-card.tsx';
import { OpenCheckoutActions } from './overview/open-checkout-actions.tsx';
import { PlanCard } from './overview/plan-card.tsx';
import { OpenCheckoutBanner, StatusBanner } from './overview/status-banner.tsx';
import { UsageCard } from './overview/usage-card.tsx';

/** After this long "confirming" says it is slower than usual and what that may mean. */
const SLOW_CONFIRMATION_MS = 60_000;

/**
 * The Billing screen: the plan overview, or Customize (?view=customize, so a reload or the
 * provider's cancel link comes back to the same place).
 */
export function BillingPage() {
  const usage = usePlanUsage();
  const [params, setParams] = useSearchParams();
  const customizing = params.get('view') === 'customize';
  const show = (view: 'customize' | 'overview') =>
    setParams(view === 'customize' ? { view } : {}, { replace: false });
  // The provider's cancel link comes back here with the page it left: stop "confirming".
  useCheckoutReturn(true);
  const checkoutCancelled = params.get('checkout') === 'cancelled';

  return (
    <div className="page billing-page">
      <header className="page-header">
        {customizing && <p className="page-eyebrow">Billing</p>}
        <h1 className="page-title">{customizing ? 'Customize your plan' : 'Billing'}</h1>
        {customizing && (
          <Button
            variant="ghost"
            size="sm"
            icon={<Icon name="arrowLeft" size={15} />}
            onClick={() => show('overview')}
            data-testid="back-to-plan"
          >
            Back to your plan
          </Button>
        )}
      </header>
      {checkoutCancelled && (
        <div className="alert alert-info" role="status" data-testid="checkout-cancelled">
          <Icon name="info" size={16} />
          <span>Checkout cancelled. Nothing was charged and your plan is unchanged.</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setParams(customizing ? { view: 'customize' } : {}, { replace: true })}
          >
            Dismiss
          </Button>
        </div>
      )}
      {usage.isError && !usage.data && !isSessionError(usage.error) ? (
        <div className="card">
          <EmptyState
            icon="alert"
            tone="danger"
            title="Your plan could not be loaded"
            actions={<Button onClick={() => void usage.refetch()}>Try again</Button>}
          >
            {errorMessage(usage.error)}
          </EmptyState>
        </div>
      ) : !usage.data ? (
        <div className="card card-padded" aria-busy="true">
          <Skeleton height={48} />
          <span className="visually-hidden">Loading your plan</span>
        </div>
      ) : customizing ? (
        <>
          {/* Back from the payment page with the browser's back button lands here. */}
          {isConfirming(usage.data) && usage.data.subscriptionDetails.openCheckout && (
            <OpenCheckoutBanner
              expiresAt={usage.data.subscriptionDetails.openCheckout.expiresAt}
              actions={
                <OpenCheckoutActions url={usage.data.subscriptionDetails.openCheckout.url} />
              }
            />
          )}
          <CustomizePanel usage={usage.data} />
        </>
      ) : (
        <Overview usage={usage.data} onCustomize={() => show('customize')} />
      )}
    </div>
  );
}

function Overview({ usage, onCustomize }: { usage: PlanUsage; onCustomize: () => void }) {
  const [cancelling, setCancelling] = useState(false);
  const confirming = isConfirming(usage);
  const slow = useSlow(confirming);
  const addons = useAddons();
  const sellsConnectors = addons.data?.some((addon) => addon.type === 'connector') ?? false;
  return (
    <>
      <StatusBanner
        details={usage.subscriptionDetails}
        confirming={confirming}
        slow={slow}
        onChoosePlan={onCustomize}
        resume={<ResumeButton />}
        openCheckout={
          usage.subscriptionDetails.openCheckout && (
            <OpenCheckoutActions url={usage.subscriptionDetails.openCheckout.url} />
          )
        }
      />
      <div className="billing-grid">
        <div className="billing-main">
          <PlanCard
            usage={usage}
            confirming={confirming}
            onCustomize={onCustomize}
            onCancel={() => setCancelling(true)}
          />
          <UsageCard usage={usage} sellsConnectors={sellsConnectors} />
        </div>
        <aside className="billing-aside">
          <CardOnFile card={usage.card} />
        </aside>
      </div>
      <InvoicesCard />
      <CancelDialog
        open={cancelling}
        details={usage.subscriptionDetails}
        onClose={() => setCancelling(false)}
        onDowngrade={() => {
          setCancelling(false);
          onCustomize();
        }}
      />
    </>
  );
}

/** True once `active` has held for SLOW_CONFIRMATION_MS; false again as soon as it ends. */
function useSlow(active: boolean): boolean {
  const [slow, setSlow] = useState(false);
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    setSlow(false);
  }
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && slow;
}
