import type Chargebee from 'chargebee';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxBillingOf } from '../../src/app.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { openPage } from './hosted-page-browser.ts';

/**
 * The whole app in demo mode mounts the sandbox billing provider and hands out settings the
 * official client works with; its hosted page keeps the app's security headers.
 */
describeEachDatabase('sandbox billing in the demo app', (db) => {
  let ctx: SandboxContext;
  let cb: Chargebee;
  beforeAll(async () => {
    ctx = await startSandboxApp(db());
    const billing = sandboxBillingOf(ctx.app);
    if (!billing) throw new Error('demo mode mounted no sandbox billing provider');
    const { default: Client } = await import('chargebee');
    const { apiPath, ...client } = billing.settings.client;
    cb = new Client({ ...client, apiPath: apiPath as '/api/v2', sdkTelemetryEnabled: false });
  });
  afterAll(() => ctx.app.close());

  it('answers the official client and serves its checkout page under the app’s CSP', async () => {
    const billing = sandboxBillingOf(ctx.app);
    expect(billing?.settings).toMatchObject({
      sandbox: true,
      client: { protocol: 'http', hostSuffix: '' },
    });
    const { coupon } = await cb.coupon.retrieve('GDS-ANNUAL');
    expect(coupon.discount_percentage).toBe(15);
    const { hosted_page } = await cb.hostedPage.checkoutNewForItems({
      customer: { id: 'wiring-team', email: 'wiring@example.com' },
      subscription: { id: 'wiring-team' },
      subscription_items: [{ item_price_id: 'basic-plan' }],
      redirect_url: `${ctx.base}/billing`,
    });
    const response = await fetch(hosted_page.url ?? '');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`form-action 'self' ${ctx.base}`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect((await openPage(hosted_page.url ?? '')).html).toContain('Sandbox payments');
  });
});
