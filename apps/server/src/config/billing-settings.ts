/**
 * How the app reaches its billing provider: Chargebee's API through the official client, and
 * the HTTP Basic credentials Chargebee's webhooks carry. In production both come from the
 * environment (CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME,
 * CHARGEBEE_WEBHOOK_PASSWORD); in demo mode the sandbox billing provider makes them (kept in
 * the database, so every instance on one PostgreSQL agrees) and app.ts hands them over.
 */
export interface BillingSettings {
  /** Options for `new Chargebee(...)`: site and key, plus where the sandbox answers. */
  client: {
    site: string;
    apiKey: string;
    hostSuffix?: string;
    protocol?: 'http' | 'https';
    port?: number;
    apiPath?: string;
  };
  webhook: { username: string; password: string };
  /** The sandbox stands in for Chargebee (the Billing screen says so). */
  sandbox: boolean;
}
