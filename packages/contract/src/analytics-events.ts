/**
 * The product's tag-manager events: every name starts with 'GDS -', and each event belongs to
 * one category, 'click' for what a person does in the app and 'billing' for the plan and its
 * payments. Screens fire them by key through the web app's trackEvent, never by spelling a name.
 */
export const ANALYTICS_EVENT_PREFIX = 'GDS -';

export const ANALYTICS_CATEGORIES = { billing: 'billing', click: 'click' } as const;
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[keyof typeof ANALYTICS_CATEGORIES];

export interface AnalyticsEvent {
  name: `${typeof ANALYTICS_EVENT_PREFIX} ${string}`;
  category: AnalyticsCategory;
}

const click = (action: string): AnalyticsEvent => ({
  name: `${ANALYTICS_EVENT_PREFIX} ${action}`,
  category: ANALYTICS_CATEGORIES.click,
});
const billing = (action: string): AnalyticsEvent => ({
  name: `${ANALYTICS_EVENT_PREFIX} ${action}`,
  category: ANALYTICS_CATEGORIES.billing,
});

export const ANALYTICS_EVENTS = {
  /** A person picks a connector to connect (gallery, reconnect, retry, or the /auth page). */
  connectorSelect: click('Connector Select'),
  /** They dismiss that connector's login panel without connecting. */
  connectorDeselect: click('Connector Deselect'),
  /** Accounts were added (a connection finished), deleted or restored. */
  accountsChanged: click('Accounts Changed'),
  /** The team's members changed (someone joined, was removed, or got another role). */
  usersChanged: click('Users Changed'),
  /** A click on a support or FAQ link, the support email, or the chat launcher. */
  contactSupport: click('Contact Support'),
  customizePlan: billing('Customize Plan'),
  billingPeriodToggle: billing('Billing Period Toggle'),
  checkout: billing('Checkout'),
  cancelSubscription: billing('Cancel Subscription'),
} as const satisfies Record<string, AnalyticsEvent>;

export type AnalyticsEventKey = keyof typeof ANALYTICS_EVENTS;
