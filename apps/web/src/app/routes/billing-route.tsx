import { BillingPage } from '../../features/billing/billing-page.tsx';

export function Component() {
  return <BillingPage />;
}
