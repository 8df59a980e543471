import { PLAN_BOUNDS, type Addon, type BillingPeriod } from '@gds/contract';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon } from '../../../components/icon.tsx';
import { trackEvent } from '../../../lib/analytics.ts';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { PlanPrices } from '../api/catalogue.ts';
import { useEstimate } from '../api/estimate.ts';
import { sameChoice, type PlanChoice } from '../api/plan-choice.ts';
import type { PlanUsage } from '../api/plan-usage.ts';
import { money, periodNoun } from '../billing-format.ts';
import { AddonOptions } from './addon-options.tsx';
import { CouponField } from './coupon-field.tsx';
import { initialChoice } from './initial-choice.ts';
import { PeriodToggle } from './period-toggle.tsx';
import { PricePreview } from './price-preview.tsx';
import { QuantityField } from './quantity-field.tsx';
import { useCheckoutOnce } from './use-checkout-once.ts';

/** How long the form waits after the last change before it asks for a new price. */
export const PREVIEW_DEBOUNCE_MS = 350;

const isCouponRefusal = (error: unknown) => error instanceof ApiError && error.field === 'coupon';

interface CustomizeFormProps {
  usage: PlanUsage;
  plans: PlanPrices;
  addons: Addon[];
}

/**
 * Customize: period, quantities, add-on connectors and a coupon, with the provider's price for
 * every change before anything is bought, then Checkout on the provider's hosted page.
 */
export function CustomizeForm({ usage, plans, addons }: CustomizeFormProps) {
  const details = usage.subscriptionDetails;
  const connectorAddons = addons.filter((addon) => addon.type === 'connector');
  const [choice, setChoice] = useState(() => initialChoice(details, connectorAddons));
  const [couponDraft, setCouponDraft] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const priced = useDebouncedValue(choice, PREVIEW_DEBOUNCE_MS);
  const estimate = useEstimate(priced);
  const checkout = useCheckoutOnce();

  // A refused coupon is taken out of the choice (during render, as React adjusts state to a
  // new answer), so the preview goes on without it and the reason shows beside the field.
  if (isCouponRefusal(estimate.error) && priced.coupon && choice.coupon === priced.coupon) {
    setCouponError(errorMessage(estimate.error));
    setChoice({ ...choice, coupon: null });
  }

  // The last good preview stays on screen while a refused choice is being replaced.
  const [lastGood, setLastGood] = useState(estimate.data);
  if (estimate.data && estimate.data !== lastGood) setLastGood(estimate.data);
  const shown = estimate.data ?? lastGood;

  const change = (next: Partial<PlanChoice>) => setChoice((current) => ({ ...current, ...next }));
  const setPeriod = (period: BillingPeriod) => {
    if (period === choice.period) return;
    trackEvent('billingPeriodToggle', period);
    change({ period });
  };
  const applyCoupon = () => {
    const code = couponDraft.trim();
    if (!code) return;
    setCouponError(null);
    change({ coupon: code });
  };

  const settled = sameChoice(priced, choice);
  const current = estimate.isSuccess && !estimate.isPlaceholderData && settled;
  const unchanged =
    details.status === 'active' &&
    choice.coupon === null &&
    sameChoice(choice, initialChoice(details, connectorAddons));
  const previewError =
    estimate.isError && !isCouponRefusal(estimate.error) && !isSessionError(estimate.error)
      ? errorMessage(estimate.error)
      : null;
  const accounts = addons.find((addon) => addon.id === 'accounts');
  const users = addons.find((addon) => addon.id === 'team-users');
  const unitHint = (included: number, addon: Addon | undefined, noun: string) => {
    const price = addon?.prices[choice.period];
    const extra = price
      ? ` · ${money(price, plans.currency)} per extra ${noun} a ${periodNoun(choice.period)}`
      : '';
    return `${included} included${extra}`;
  };

  return (
    <div className="billing-customize" data-testid="customize-form">
      <div className="card card-padded billing-customize-fields">
        <PeriodToggle plans={plans} value={choice.period} onChange={setPeriod} />
        <div className="billing-quantities">
          <QuantityField
            label="Accounts"
            value={choice.accounts}
            {...PLAN_BOUNDS.accounts}
            hint={unitHint(
              accounts?.included ?? plans.plans[choice.period].includedAccounts,
              accounts,
              'account',
            )}
            onChange={(value) => change({ accounts: value })}
            testId="accounts-input"
          />
          <QuantityField
            label="Users"
            value={choice.users}
            {...PLAN_BOUNDS.users}
            hint={unitHint(
              users?.included ?? plans.plans[choice.period].includedUsers,
              users,
              'user',
            )}
            onChange={(value) => change({ users: value })}
            testId="users-input"
          />
        </div>
        {connectorAddons.length > 0 && (
          <AddonOptions
            addons={connectorAddons}
            period={choice.period}
            currency={plans.currency}
            selected={choice.addons}
            onChange={(selected) => change({ addons: selected })}
          />
        )}
        <CouponField
          draft={couponDraft}
          onDraftChange={(text) => {
            setCouponDraft(text);
            setCouponError(null);
          }}
          applied={choice.coupon}
          appliedDescription={
            current && estimate.data.coupon?.code === choice.coupon
              ? estimate.data.coupon.description
              : null
          }
          error={couponError}
          onApply={applyCoupon}
          onRemove={() => {
            change({ coupon: null });
            setCouponDraft('');
          }}
        />
      </div>
      <PricePreview
        period={choice.period}
        estimate={shown}
        updating={!settled || estimate.isFetching}
        error={previewError}
        onRetry={() => void estimate.refetch()}
      >
        <Button
          variant="primary"
          size="lg"
          className="billing-checkout"
          loading={checkout.busy}
          disabled={!current || unchanged}
          onClick={() => checkout.start(choice)}
          data-testid="checkout"
        >
          Checkout
        </Button>
        {unchanged && (
          <p className="billing-muted" data-testid="checkout-unchanged">
            This is your current plan. Change something above to check out.
          </p>
        )}
        {checkout.error && !isSessionError(checkout.error) && (
          <p className="field-error" role="alert" data-testid="checkout-error">
            <Icon name="alert" size={14} /> Checkout could not start: {errorMessage(checkout.error)}{' '}
            Press Checkout to try again.
          </p>
        )}
        <p className="billing-muted billing-secure">
          <Icon name="lock" size={14} /> You pay on the payment provider&apos;s secure page. Nothing
          is charged until you confirm there.
        </p>
      </PricePreview>
    </div>
  );
}
