import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { subscribeTeam } from '../helpers/billing.ts';
import { call } from '../helpers/contract-call.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { startFakeChargebee } from '../helpers/fake-chargebee.ts';
import type { FakeChargebee } from '../helpers/fake-chargebee.ts';
import { signIn } from '../helpers/sign-in.ts';
import { HOSTS, createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';
import { CARD } from '../sandbox-billing/hosted-page-browser.ts';

/**
 * Each brand is served on its own host and a session belongs to the host it was made on:
 * every address billing hands the browser must be on the host of the brand the person is on,
 * or after paying they land on another brand, signed out.
 */
const OTHER_BRANDS: BusinessUnit[] = ['RAVEN_GDS', 'TAPCLICKS_GDS'];
const originOf = (unit: BusinessUnit) => `http://${HOSTS[unit]}`;

describeEachDatabase('billing: addresses are on the brand’s own host', (db) => {
  describe('with the provider', () => {
    const identity = fakeIdentity();
    let app: FastifyInstance;
    let fake: FakeChargebee;
    beforeAll(async () => {
      fake = await startFakeChargebee();
      app = await createTestApp(db(), { identity, clock: testClock(), billing: fake.settings });
    });
    afterAll(async () => {
      await app.close();
      await fake.close();
    });

    it.each(OTHER_BRANDS)(
      'checkout and the card page on %s return to that brand’s host',
      async (unit) => {
        const owner = await signIn(app, identity, `brand-${unit}@example.com`, unit);
        const checkout = await call(app, ENDPOINTS.customizePlan, {
          cookie: owner.cookie,
          unit,
          form: {
            period: 'month',
            accounts: 25,
            users: 6,
            idempotencyKey: `brand-${unit.slice(0, 5)}-key`,
          },
        });
        expect(checkout.statusCode, checkout.body).toBe(200);
        const page = fake.calls.filter((c) => c.path.includes('checkout_new_for_items')).at(-1);
        expect(page?.body.get('redirect_url')).toBe(`${originOf(unit)}/thankyou`);
        expect(page?.body.get('cancel_url')).toBe(`${originOf(unit)}/billing?checkout=cancelled`);

        await subscribeTeam(app, fake, owner.team.id);
        const card = await call(app, ENDPOINTS.updateCard, {
          cookie: owner.cookie,
          unit,
          form: {},
        });
        expect(card.statusCode, card.body).toBe(200);
        const sent = fake.calls.filter((c) => c.path.endsWith('/manage_payment_sources')).at(-1);
        expect(sent?.body.get('redirect_url')).toBe(`${originOf(unit)}/billing`);
      },
    );
  });

  describe('with the sandbox provider (demo mode)', () => {
    let ctx: SandboxContext;
    beforeAll(async () => {
      ctx = await startSandboxApp(db(), {
        env: {
          APP_ORIGINS: [
            'http://localhost:3000',
            'http://raven.localhost:3000',
            'http://tapclicks.localhost:3000',
          ].join(','),
        },
      });
    });
    afterAll(() => ctx.app.close());

    /** The browser on the brand's host: the page, its form post and the file are served there. */
    const browse = (url: string, form?: Record<string, string>) => {
      const address = new URL(url);
      return ctx.app.inject({
        method: form ? 'POST' : 'GET',
        url: `${address.pathname}${address.search}`,
        headers: {
          host: address.host,
          ...(form
            ? {
                origin: address.origin,
                'sec-fetch-site': 'same-origin',
                'content-type': 'application/x-www-form-urlencoded',
              }
            : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
    };

    it.each(OTHER_BRANDS)(
      'on %s the payment page, the way back and the invoice download stay on that host',
      async (unit) => {
        const owner = await signIn(ctx.app, ctx.identity, `sandbox-${unit}@example.com`, unit);
        const checkout = await call(ctx.app, ENDPOINTS.customizePlan, {
          cookie: owner.cookie,
          unit,
          form: {
            period: 'month',
            accounts: 20,
            users: 3,
            idempotencyKey: `sandbox-${unit.slice(0, 5)}-key`,
          },
        });
        expect(checkout.statusCode, checkout.body).toBe(200);
        const pageUrl = checkout.json().hostedPageUrl;
        expect(new URL(pageUrl).origin).toBe(originOf(unit));

        const page = await browse(pageUrl);
        expect(page.statusCode, page.body).toBe(200);
        const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
        const paid = await browse(pageUrl, {
          token,
          source: 'new',
          action: 'pay',
          number: '4111 1111 1111 1111',
          ...CARD,
        });
        expect(paid.statusCode, paid.body).toBe(303);
        const back = new URL(String(paid.headers.location));
        expect(`${back.origin}${back.pathname}`).toBe(`${originOf(unit)}/thankyou`);

        const confirmed = await call(ctx.app, ENDPOINTS.confirmCheckout, {
          cookie: owner.cookie,
          unit,
          form: { hostedPageId: back.searchParams.get('id') ?? '' },
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);

        const card = await call(ctx.app, ENDPOINTS.updateCard, {
          cookie: owner.cookie,
          unit,
          form: {},
        });
        expect(new URL(card.json().hostedPageUrl).origin).toBe(originOf(unit));

        const invoices = (
          await call(ctx.app, ENDPOINTS.getInvoices, { cookie: owner.cookie, unit })
        ).json().invoices;
        expect(invoices).toHaveLength(1);
        const download = await call(ctx.app, ENDPOINTS.downloadInvoice, {
          cookie: owner.cookie,
          unit,
          form: { id: invoices[0]?.id ?? '' },
        });
        const file = download.json().downloadUrl;
        expect(new URL(file).origin).toBe(originOf(unit));
        const pdf = await browse(file);
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
      },
    );
  });
});
