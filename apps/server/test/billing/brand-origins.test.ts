import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { HOSTS } from '../helpers/test-app.ts';
import { CARD } from '../sandbox-billing/hosted-page-browser.ts';

/**
 * Each brand is served on its own host and a session belongs to the host it was made on:
 * every address billing hands the browser must be on the host of the brand the person is on,
 * or after paying they land on another brand, signed out.
 */
const OTHER_BRANDS: BusinessUnit[] = ['RAVEN_GDS', 'TAPCLICKS_GDS'];
const originOf = (unit: BusinessUnit) => `http://${HOSTS[unit]}`;

describeEachDatabase('billing: addresses are on the brand’s own host', (db) => {
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
      'on %s the payment page, the ways back, the card page and the invoice download stay on that host',
      async (unit) => {
        const owner = await signIn(ctx.app, ctx.identity, `sandbox-${unit}@example.com`, unit);
        const openCheckout = async (key: string) => {
          const checkout = await call(ctx.app, ENDPOINTS.customizePlan, {
            cookie: owner.cookie,
            unit,
            form: {
              period: 'month',
              accounts: 20,
              users: 3,
              idempotencyKey: `sandbox-${unit.slice(0, 5)}-${key}`,
            },
          });
          expect(checkout.statusCode, checkout.body).toBe(200);
          const pageUrl = checkout.json().hostedPageUrl;
          expect(new URL(pageUrl).origin).toBe(originOf(unit));
          const page = await browse(pageUrl);
          expect(page.statusCode, page.body).toBe(200);
          const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
          return { pageUrl, token };
        };
        /** Posts the page's form with `action` and a good card; answers where it sends back. */
        const submit = async (pageUrl: string, token: string, action: 'pay' | 'cancel') => {
          const answer = await browse(pageUrl, {
            token,
            source: 'new',
            action,
            number: '4111 1111 1111 1111',
            ...CARD,
          });
          expect(answer.statusCode, answer.body).toBe(303);
          return new URL(String(answer.headers.location));
        };

        // Going back from the payment page lands on the brand's Billing screen.
        const left = await openCheckout('left');
        const cancelled = await submit(left.pageUrl, left.token, 'cancel');
        expect(`${cancelled.origin}${cancelled.pathname}`).toBe(`${originOf(unit)}/billing`);
        expect(cancelled.searchParams.get('checkout')).toBe('cancelled');

        const { pageUrl, token } = await openCheckout('paid');
        const back = await submit(pageUrl, token, 'pay');
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
        const cardUrl = card.json().hostedPageUrl;
        expect(new URL(cardUrl).origin).toBe(originOf(unit));
        const cardPage = await browse(cardUrl);
        expect(cardPage.statusCode, cardPage.body).toBe(200);
        const cardToken = /name="token" value="([^"]+)"/.exec(cardPage.body)?.[1] ?? '';
        const saved = await submit(cardUrl, cardToken, 'pay');
        expect(`${saved.origin}${saved.pathname}`).toBe(`${originOf(unit)}/billing`);

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
