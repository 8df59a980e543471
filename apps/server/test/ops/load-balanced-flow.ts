import { expect } from 'vitest';
import { BUSINESS_UNIT_HEADER, ENDPOINTS, buildPath } from '@gds/contract';
import type { BodyOf, Endpoint, ParamsOf, QueryOf } from '@gds/contract';
import { TinyBrowser } from '../helpers/browser.ts';
import { consent } from '../helpers/connections.ts';
import { fetchedAnswer } from '../helpers/contract-call.ts';
import { CARD, openPage, postPage } from '../sandbox-billing/hosted-page-browser.ts';

type Fields = Record<string, string | number | boolean | undefined>;

/** A person's browser on the load balancer: cookies kept, calls made as the SPA makes them. */
export class Visitor {
  readonly browser = new TinyBrowser();
  /** Which instance answered each API call (haproxy's x-served-by). */
  readonly servedBy: string[] = [];

  constructor(readonly base: string) {}

  async call<E extends Endpoint>(
    endpoint: E,
    options: { params?: ParamsOf<E>; query?: QueryOf<E>; form?: BodyOf<E> } = {},
  ) {
    const path = buildPath(endpoint.path, options.params ?? {});
    const query = new URLSearchParams(clean(options.query)).toString();
    const headers: Record<string, string> = { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' };
    const init: RequestInit = { method: endpoint.method, headers };
    if (endpoint.method !== 'GET') {
      headers.origin = this.base;
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(clean(options.form)).toString();
    }
    const response = await this.browser.fetch(
      `${this.base}${path}${query ? `?${query}` : ''}`,
      init,
    );
    this.servedBy.push(response.headers.get('x-served-by') ?? '?');
    return fetchedAnswer(endpoint, response);
  }

  /** Signs in on the sandbox identity provider's form, as a person types an email. */
  async signIn(email: string): Promise<void> {
    const login = await this.call(ENDPOINTS.login, { query: { nextUrl: 'Team' } });
    expect(login.status, login.body).toBe(200);
    const page = await this.browser.follow(login.json().authUri, () => false);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.response.text())?.[1];
    if (!action) throw new Error('the sandbox sign-in page has no form');
    const submitted = await this.browser.fetch(new URL(action, this.base).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, firstName: 'Lee', lastName: 'Balancer' }).toString(),
    });
    const landed = await this.browser.follow(
      new URL(submitted.headers.get('location') ?? '', this.base).toString(),
      (url) => url.pathname === '/login/callback',
    );
    const done = await fetchedAnswer(
      ENDPOINTS.loginCallback,
      await this.browser.fetch(`${this.base}${ENDPOINTS.loginCallback.path}${landed.url.search}`, {
        headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
      }),
    );
    expect(done.status, done.body).toBe(200);
  }
}

function clean(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((fields ?? {}) as Fields)) {
    if (value !== undefined) out[key] = String(value);
  }
  return out;
}

/** What the steps share: the load balancer, the team owner's browser, and what steps made. */
export interface FlowContext {
  base: string;
  owner: Visitor;
  /** A suffix that keeps the emails of each run of the flow apart. */
  run: string;
  accountId?: string;
}

/** One thing a person does through the load balancer, checked by what they would see. */
export interface FlowStep {
  name: string;
  run: (ctx: FlowContext) => Promise<void>;
}

/**
 * The product's main flows, each step one person's action over several requests. The test
 * runs them before and after an instance is killed. A new flow (checkout, once billing lands)
 * is one more entry here.
 */
export const FLOW_STEPS: FlowStep[] = [
  {
    name: 'sign in',
    run: async (ctx) => {
      await ctx.owner.signIn(`owner-${ctx.run}@example.com`);
      const info = await ctx.owner.call(ENDPOINTS.getTeamInfo);
      expect(info.status, info.body).toBe(200);
    },
  },
  {
    name: 'rename the team',
    run: async (ctx) => {
      const name = `Balanced agency ${ctx.run}`;
      const renamed = await ctx.owner.call(ENDPOINTS.updateTeamInfo, { form: { name } });
      expect(renamed.status, renamed.body).toBe(200);
      // Read back, most likely on the other instance.
      for (let i = 0; i < 2; i += 1) {
        const info = await ctx.owner.call(ENDPOINTS.getTeamInfo);
        expect(info.json().team.name).toBe(name);
      }
    },
  },
  {
    name: 'connect a data source',
    run: async (ctx) => {
      const start = await ctx.owner.call(ENDPOINTS.startConnection, {
        query: { type: 'reauth', integration_type: 1 },
      });
      expect(start.status, start.body).toBe(200);
      const back = await consent(ctx.owner.browser, start.json().authUri ?? '', {
        login: `ga-${ctx.run}@example.com`,
      });
      const landed = await ctx.owner.browser.fetch(back);
      expect(landed.status, await landed.clone().text()).toBe(303);
      const id = new URL(landed.headers.get('location') ?? '', ctx.base).searchParams.get('id');
      const result = await ctx.owner.call(ENDPOINTS.getConnectionResult, {
        query: { id: id ?? '' },
      });
      expect(result.json()).toMatchObject({ status: 'connected' });
      const data = await ctx.owner.call(ENDPOINTS.getGroupedData);
      const accounts = data.json().groups.flatMap((g) => g.credentials.flatMap((c) => c.accounts));
      expect(accounts.length).toBeGreaterThan(0);
      ctx.accountId = accounts[0]?.id ?? '';
    },
  },
  {
    name: 'delete and restore an account',
    run: async (ctx) => {
      const accountId = ctx.accountId ?? '';
      const deleted = await ctx.owner.call(ENDPOINTS.deleteAccount, { params: { accountId } });
      expect(deleted.status, deleted.body).toBe(200);
      const status = async () =>
        (await ctx.owner.call(ENDPOINTS.getGroupedData))
          .json()
          .groups.flatMap((g) => g.credentials.flatMap((c) => c.accounts))
          .find((a) => a.id === accountId)?.status;
      expect(await status()).toBe('deleted');
      const restored = await ctx.owner.call(ENDPOINTS.restoreAccount, { params: { accountId } });
      expect(restored.status, restored.body).toBe(200);
      expect(await status()).toBe('connected');
    },
  },
  {
    name: 'invite a member, who accepts in another browser',
    run: async (ctx) => {
      const roles = (await ctx.owner.call(ENDPOINTS.getRoles)).json().roles;
      const member = roles.find((role) => role.name === 'Member');
      const email = `member-${ctx.run}@example.com`;
      const sent = await ctx.owner.call(ENDPOINTS.createInvitation, {
        form: { email, roleId: member?.id ?? '' },
      });
      expect(sent.status, sent.body).toBe(200);
      const token = sent.json().acceptUrl.split('/invite/')[1] ?? '';
      const invited = new Visitor(ctx.base);
      await invited.signIn(email);
      const accepted = await invited.call(ENDPOINTS.acceptInvitation, { form: { token } });
      expect(accepted.status, accepted.body).toBe(200);
      const users = (await ctx.owner.call(ENDPOINTS.getTeamUsers)).json();
      expect(JSON.stringify(users)).toContain(email);
    },
  },
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A checkout through the balancer: the plan chosen on one instance, the sandbox Chargebee page
 * (its state in the database) opened and paid on whichever instance haproxy picks, and the
 * provider's webhook confirming it back through the balancer. Answers the team's account
 * limit once the webhook has landed.
 */
export async function checkOutThroughBalancer(ctx: FlowContext): Promise<number> {
  const form = {
    period: 'month' as const,
    accounts: '25',
    users: '6',
    addons: '',
    idempotencyKey: `balanced-checkout-${ctx.run}`,
  };
  const checkout = await ctx.owner.call(ENDPOINTS.customizePlan, { form });
  expect(checkout.status, checkout.body).toBe(200);
  const url = new URL(checkout.json().hostedPageUrl, ctx.base).toString();
  expect(url.startsWith(ctx.base)).toBe(true);
  const page = await openPage(url);
  expect(page.status, `${url}: ${page.html.slice(0, 400)}`).toBe(200);
  const paid = await postPage(url, {
    token: page.token,
    source: 'new',
    action: 'pay',
    number: '4111111111111111',
    ...CARD,
  });
  expect(paid.status, paid.html).toBe(303);
  expect(paid.location).toMatch(/\/thankyou\?/);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const usage = await ctx.owner.call(ENDPOINTS.getPlanUsage);
    expect(usage.status, usage.body).toBe(200);
    const limit = usage.json().plan.accountLimit;
    if (limit === 25 || Date.now() > deadline) return limit;
    await pause(250);
  }
}
