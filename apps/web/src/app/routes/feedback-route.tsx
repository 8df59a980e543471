import { FeedbackPage } from '../../features/billing/feedback/feedback-page.tsx';

export function Component() {
  return <FeedbackPage />;
}
