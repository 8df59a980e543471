import type { SubscriptionDetails } from '@gds/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { day, dayAndTime } from '../billing-format.ts';

type Tone = 'info' | 'success' | 'warning' | 'danger';

interface Banner {
  tone: Tone;
  icon: IconName;
  title: string;
  text: string;
  action?: 'choose' | 'resume';
}

const PAUSED = 'New connections and invitations are paused; nothing you connected is lost.';

function trialTitle(daysLeft: number | null): string {
  if (daysLeft === null) return 'You are on a free trial';
  if (daysLeft <= 0) return 'Your trial ends today';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left in your trial`;
}

/** What the plan's status means for the team, and the one thing to do about it. */
export function bannerFor(details: SubscriptionDetails): Banner {
  switch (details.status) {
    case 'in_trial':
      return {
        tone: 'info',
        icon: 'clock',
        title: trialTitle(details.trialDaysLeft),
        text: `Your trial ends on ${day(details.end_date)}. Choose a plan to keep connecting accounts and inviting members after that.`,
        action: 'choose',
      };
    case 'active':
      return {
        tone: 'success',
        icon: 'success',
        title: 'Your plan is active',
        text: details.nextBillingAt
          ? `It renews on ${day(details.nextBillingAt)}.`
          : 'It renews automatically.',
      };
    case 'non_renewing':
      return {
        tone: 'warning',
        icon: 'calendar',
        title: `Your plan ends on ${day(details.end_date ?? details.currentTermEnd)}`,
        text: 'After that, new connections and invitations are paused; nothing you connected is lost. Resume to keep your plan.',
        action: 'resume',
      };
    case 'cancelled':
      return {
        tone: 'danger',
        icon: 'alert',
        title: 'Your subscription has ended',
        text: `${PAUSED} Choose a plan to pick up where you left off.`,
        action: 'choose',
      };
    case 'trial_expired':
      return {
        tone: 'danger',
        icon: 'alert',
        title: 'Your trial has ended',
        text: `${PAUSED} Choose a plan to pick up where you left off.`,
        action: 'choose',
      };
  }
}

interface StatusBannerProps {
  details: SubscriptionDetails;
  confirming: boolean;
  /** Confirming for longer than a payment provider usually takes. */
  slow: boolean;
  onChoosePlan: () => void;
  resume: ReactNode;
  /** The way back to (or out of) the checkout the plan waits for, while its page is open. */
  openCheckout: ReactNode;
}

/**
 * The plan's state in one sentence at the top of Billing. While a purchase waits for the
 * payment provider it says so instead, and the page keeps asking until it is confirmed.
 */
export function StatusBanner({
  details,
  confirming,
  slow,
  onChoosePlan,
  resume,
  openCheckout,
}: StatusBannerProps) {
  if (confirming && details.openCheckout) {
    return <OpenCheckoutBanner expiresAt={details.openCheckout.expiresAt} actions={openCheckout} />;
  }
  if (confirming) {
    return (
      <ConfirmingBanner>
        Your new limits show here as soon as the payment provider confirms your change. This page
        updates by itself.
        {slow &&
          ' This is taking longer than usual; you can leave this page and come back. If you left the payment page without paying, nothing has changed.'}
      </ConfirmingBanner>
    );
  }
  const banner = bannerFor(details);
  return (
    <div
      className={`billing-banner billing-banner-${banner.tone}`}
      role={banner.tone === 'danger' ? 'alert' : 'status'}
      data-testid="billing-status"
      data-status={details.status}
    >
      <Icon name={banner.icon} size={20} />
      <div className="billing-banner-text">
        <p className="billing-banner-title">{banner.title}</p>
        <p>{banner.text}</p>
      </div>
      {banner.action === 'choose' && (
        <Button variant="primary" onClick={onChoosePlan} data-testid="choose-plan">
          Choose a plan
        </Button>
      )}
      {banner.action === 'resume' && resume}
    </div>
  );
}

/**
 * A checkout left open on the payment provider's page (the browser's back button): the plan
 * waits for it until the page expires, and the person can go back to it or drop it.
 */
export function OpenCheckoutBanner({
  expiresAt,
  actions,
}: {
  expiresAt: string;
  actions: ReactNode;
}) {
  return (
    <ConfirmingBanner actions={actions}>
      Your checkout is still open on the payment page until {dayAndTime(expiresAt)}. Return to it to
      finish paying, or drop it to keep your plan as it is; nothing is charged unless you pay.
    </ConfirmingBanner>
  );
}

/** The plan waits for the payment provider: what the person is told, and what they may do. */
function ConfirmingBanner({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div
      className="billing-banner billing-banner-info"
      role="status"
      data-testid="billing-status"
      data-status="confirming"
    >
      <Spinner size={18} />
      <div className="billing-banner-text">
        <p className="billing-banner-title">Confirming with the payment provider…</p>
        <p>{children}</p>
      </div>
      {actions}
    </div>
  );
}
