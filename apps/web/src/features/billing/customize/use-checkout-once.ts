import { useRef, useState } from 'react';
import { trackEvent } from '../../../lib/analytics.ts';
import { useCheckout } from '../api/checkout.ts';
import { sameChoice, type PlanChoice } from '../api/plan-choice.ts';
import { leaveFor } from '../leave-for.ts';

/** A fresh key for one checkout attempt; the form makes one when it opens. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checkout that happens once: the guard is taken in the click's own handler, before any
 * request, so a double click sends one request; a retry after a failure reuses the key the
 * server already knows. Only a changed choice gets a new key (the old one names other items).
 * On success the browser leaves for the provider's page and the button stays busy.
 */
export function useCheckoutOnce() {
  const checkout = useCheckout();
  const inFlight = useRef(false);
  const keyFor = useRef<{ key: string; choice: PlanChoice | null }>({
    key: newIdempotencyKey(),
    choice: null,
  });
  const [leaving, setLeaving] = useState(false);

  const start = (choice: PlanChoice) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const used = keyFor.current;
    if (used.choice && !sameChoice(used.choice, choice)) {
      keyFor.current = { key: newIdempotencyKey(), choice };
    } else {
      keyFor.current = { key: used.key, choice };
    }
    trackEvent('customizePlan', choice.period);
    trackEvent('checkout', choice.period);
    checkout.mutate(
      { choice, idempotencyKey: keyFor.current.key },
      {
        onSuccess: (address) => {
          setLeaving(true);
          leaveFor(address);
        },
        onError: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return { start, busy: checkout.isPending || leaving, error: checkout.error };
}
