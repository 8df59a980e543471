import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_CONNECT_RESULT_PATH, ENDPOINTS } from '@gds/contract';
import { callAt, connectOAuth, seedLogin, startSandboxApp } from '../helpers/connections.ts';
import type { SandboxContext } from '../helpers/connections.ts';
import {
  connectAsClient,
  readClientResult,
  seedClientLink,
  startAsClient,
} from '../helpers/client-links.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf } from '../helpers/team-management.ts';

/**
 * A client opens a link without an account, goes through the provider's consent (the sandbox
 * provider here, over HTTP), and the accounts land in the team credited to their email.
 */
describeEachDatabase('client links: the client connects', (db) => {
  let ctx: SandboxContext;
  let owner: SignedIn;
  beforeAll(async () => {
    // The per-IP limit is tested on its own (client-link-rate-limits.test.ts).
    ctx = await startSandboxApp(db(), {
      env: { RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE: '10000' },
    });
    owner = await signIn(ctx.app, ctx.identity, 'agency@example.com');
  });
  afterAll(() => ctx.app.close());

  const makeLink = async (form: Record<string, string> = {}) => {
    const created = await callAt(ctx, ENDPOINTS.createClientLink, {
      cookie: owner.cookie,
      form: { connectorId: '1', sendEmail: 'false', ...form },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { link, url } = created.json();
    return { id: link.id, token: url.split('/connect/')[1] ?? '' };
  };
  const info = (token: string) => callAt(ctx, ENDPOINTS.getClientLinkInfo, { query: { token } });

  it('names the team and connector; the client consents and the accounts land credited to their email', async () => {
    const link = await makeLink({ recipientEmail: 'client@brand.com' });
    const page = await info(link.token);
    expect(page.json()).toMatchObject({
      status: 'active',
      teamName: owner.team.name,
      connectorId: 1,
      connectorName: 'Google Analytics',
      recipientEmail: 'client@brand.com',
      blockedReason: null,
    });

    const { location, result } = await connectAsClient(ctx, link.token, 'client@brand.com', {
      login: 'client-login@brand.com',
    });
    expect(location.pathname).toBe(CLIENT_CONNECT_RESULT_PATH);
    expect(result.status, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      teamName: owner.team.name,
      connectorName: 'Google Analytics',
      result: { status: 'connected', accountsAdded: 3, error: null },
    });

    const grouped = (await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie })).json();
    const credential = grouped.groups.find((g) => g.connectorId === 1)?.credentials[0];
    expect(credential).toMatchObject({ addedBy: null, connectedByEmail: 'client@brand.com' });
    expect(credential?.accounts).toHaveLength(3);

    const [used] = await auditOf(db(), owner.team.id, 'client_link.use');
    expect(used).toMatchObject({ actor_user_id: null });
    expect(used?.details).toMatchObject({
      clientLinkId: link.id,
      email: 'client@brand.com',
      accountsAdded: 3,
    });
    const listed = (await callAt(ctx, ENDPOINTS.getClientLinks, { cookie: owner.cookie })).json();
    expect(listed.links.find((l) => l.id === link.id)).toMatchObject({ uses: 1, status: 'used' });
  });

  it('a single-use link works once: the page and a new start then say it was used', async () => {
    const link = await makeLink();
    await connectAsClient(ctx, link.token, 'once@brand.com', { login: 'once@brand.com' });
    expect((await info(link.token)).json().status).toBe('used');
    const { answer } = await startAsClient(ctx, link.token, 'once@brand.com');
    expect(answer.status).toBe(409);
    expect(answer.error()).toEqual({
      code: 'CONFLICT',
      message: `This link has already been used. Ask ${owner.team.name} for a new one if you need to connect more accounts.`,
    });
  });

  it('two tabs racing for a single-use link: only the first consent counts', async () => {
    const link = await makeLink();
    const first = await startAsClient(ctx, link.token, 'race@brand.com');
    const second = await startAsClient(ctx, link.token, 'race@brand.com');
    const { consent } = await import('../helpers/connections.ts');
    const backA = await consent(first.browser, first.answer.json().authUri, {
      login: 'race-a@brand.com',
    });
    const backB = await consent(second.browser, second.answer.json().authUri, {
      login: 'race-b@brand.com',
    });
    await first.browser.fetch(backA);
    const landed = await second.browser.fetch(backB);
    const id = new URL(landed.headers.get('location') ?? '', backB).searchParams.get('id') ?? '';
    const result = (await readClientResult(second.browser, ctx.base, id)).json().result;
    expect(result).toMatchObject({ status: 'error', accountsAdded: 0 });
    expect(result.error).toContain('already been used');
    const grouped = (await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie })).json();
    const names = grouped.groups.flatMap((g) => g.credentials.map((c) => c.name));
    expect(names).toContain('race-a@brand.com');
    expect(names).not.toContain('race-b@brand.com');
  });

  it('a multi-use link works for several clients and counts each use', async () => {
    const link = await makeLink({ multiUse: 'true' });
    for (const who of ['multi-1@brand.com', 'multi-2@brand.com']) {
      const { result } = await connectAsClient(ctx, link.token, who, { login: who });
      expect(result.json().result.status).toBe('connected');
    }
    expect((await info(link.token)).json().status).toBe('active');
    const listed = (await callAt(ctx, ENDPOINTS.getClientLinks, { cookie: owner.cookie })).json();
    expect(listed.links.find((l) => l.id === link.id)).toMatchObject({ uses: 2, status: 'active' });
  });

  it('unknown, expired and revoked links get a clear answer, and nothing starts', async () => {
    const unknown = await info('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().message).toContain('This link is not valid');

    const expired = await seedClientLink(db(), { teamId: owner.team.id, expiresInMs: -1000 });
    expect((await info(expired.token)).json().status).toBe('expired');
    const late = await startAsClient(ctx, expired.token, 'late@brand.com');
    expect(late.answer.status).toBe(409);
    expect(late.answer.error().message).toBe(
      `This link has expired. Ask ${owner.team.name} to send you a new one.`,
    );

    const link = await makeLink();
    await callAt(ctx, ENDPOINTS.revokeClientLink, { cookie: owner.cookie, query: { id: link.id } });
    expect((await info(link.token)).json().status).toBe('revoked');
    expect((await startAsClient(ctx, link.token, 'x@brand.com')).answer.status).toBe(409);
  });

  it('a link revoked while the client is at the provider stores nothing', async () => {
    const link = await makeLink();
    const { browser, answer } = await startAsClient(ctx, link.token, 'slow@brand.com');
    const { consent } = await import('../helpers/connections.ts');
    const back = await consent(browser, answer.json().authUri, { login: 'slow@brand.com' });
    await callAt(ctx, ENDPOINTS.revokeClientLink, { cookie: owner.cookie, query: { id: link.id } });
    const landed = await browser.fetch(back);
    const id = new URL(landed.headers.get('location') ?? '', back).searchParams.get('id') ?? '';
    const result = (await readClientResult(browser, ctx.base, id)).json().result;
    expect(result.status).toBe('error');
    expect(result.error).toContain('withdrawn');
    const grouped = (await callAt(ctx, ENDPOINTS.getGroupedData, { cookie: owner.cookie })).json();
    expect(grouped.groups.flatMap((g) => g.credentials.map((c) => c.name))).not.toContain(
      'slow@brand.com',
    );
  });

  it('the connection and its result belong to the client’s browser only', async () => {
    const link = await makeLink();
    const { answer } = await startAsClient(ctx, link.token, 'owner-of@brand.com');
    const { TinyBrowser } = await import('../helpers/browser.ts');
    const { consent } = await import('../helpers/connections.ts');
    // Another browser (no client cookie) brings the provider's answer back: not counted.
    const stranger = new TinyBrowser();
    const back = await consent(stranger, answer.json().authUri, { login: 'stolen@brand.com' });
    const landed = await stranger.fetch(back);
    expect(new URL(landed.headers.get('location') ?? '', back).pathname).toBe(
      '/data-sources/callback',
    );
    expect((await info(link.token)).json().status).toBe('active');

    const done = await connectAsClient(ctx, link.token, 'owner-of@brand.com', {
      login: 'owner-of@brand.com',
    });
    const id = done.location.searchParams.get('id') ?? '';
    const elsewhere = await readClientResult(new TinyBrowser(), ctx.base, id);
    expect(elsewhere.status).toBe(404);
  });

  it('counts against the plan’s account limit: a full team is refused with a clear message', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'full-agency@example.com');
    await db()
      .updateTable('teams')
      .set({ account_limit: 4 })
      .where('id', '=', team.team.id)
      .execute();
    const link = await seedClientLink(db(), { teamId: team.team.id, multiUse: true });
    // 3 of 4 used: the client adds 1 account, 2 are left out and the page says so.
    await seedLogin(db(), team.team.id, { accounts: 3 });
    const partly = await connectAsClient(ctx, link.token, 'c1@brand.com', {
      login: 'c1@brand.com',
    });
    expect(partly.result.json().result).toMatchObject({
      status: 'connected',
      accountsAdded: 1,
      accountsSkipped: 2,
    });
    // Now full: the page says so before the client goes anywhere, and start is refused.
    const page = (await info(link.token)).json();
    expect(page.blockedReason).toBe(
      `${team.team.name} has no room for more accounts on its plan right now. Ask them to make room, then open this link again.`,
    );
    const refused = await startAsClient(ctx, link.token, 'c2@brand.com');
    expect(refused.answer.status).toBe(409);
    expect(refused.answer.error().code).toBe('PLAN_LIMIT');
  });

  it('a team that fills up while the client consents stores nothing and keeps the link', async () => {
    const team = await signIn(ctx.app, ctx.identity, 'filling@example.com');
    await db()
      .updateTable('teams')
      .set({ account_limit: 2 })
      .where('id', '=', team.team.id)
      .execute();
    const link = await seedClientLink(db(), { teamId: team.team.id });
    const { browser, answer } = await startAsClient(ctx, link.token, 'f@brand.com');
    const { consent } = await import('../helpers/connections.ts');
    const back = await consent(browser, answer.json().authUri, { login: 'f@brand.com' });
    await seedLogin(db(), team.team.id, { accounts: 2 });
    const landed = await browser.fetch(back);
    const id = new URL(landed.headers.get('location') ?? '', back).searchParams.get('id') ?? '';
    const result = (await readClientResult(browser, ctx.base, id)).json().result;
    expect(result.status).toBe('error');
    expect(result.error).toContain('none of your 3 accounts could be added');
    expect((await info(link.token)).json().status).toBe('active');
    expect(await auditOf(db(), team.team.id, 'client_link.use')).toEqual([]);
  });

  it('the team’s own connections still work beside client links', async () => {
    const { result } = await connectOAuth(ctx, owner.cookie, 1, { login: 'member-own@brand.com' });
    expect(result.status).toBe('connected');
  });
});
