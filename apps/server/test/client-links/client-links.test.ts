import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_LINK_PATH_PREFIX, ENDPOINTS } from '@gds/contract';
import { hashToken } from '../../src/modules/sessions/session-token.ts';
import { call } from '../helpers/contract-call.ts';
import { seedLogin } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { auditOf, outboxFor } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (url: string) => url.slice(url.indexOf(CLIENT_LINK_PATH_PREFIX) + 9);

/** A member's side of client connect links: create (copy or email), list and revoke. */
describeEachDatabase('client links: create, list, revoke', (db) => {
  const identity = fakeIdentity();
  const clock = testClock(new Date('2026-03-02T10:00:00Z'));
  let app: FastifyInstance;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { config: testConfig(), identity, clock });
    owner = await signIn(app, identity, 'links-owner@example.com');
    other = await signIn(app, identity, 'links-other@example.com');
  });
  afterAll(() => app.close());

  const create = (who: SignedIn, form: Record<string, string>) =>
    call(app, ENDPOINTS.createClientLink, { cookie: who.cookie, form });

  it('creates a link, answers its address once, emails it, and logs it', async () => {
    const created = await create(owner, {
      connectorId: '1',
      recipientEmail: 'client@brand.com',
      multiUse: 'false',
      expiresInDays: '7',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { link, url, emailSent } = created.json();
    expect(url.startsWith(`http://localhost:3000${CLIENT_LINK_PATH_PREFIX}`)).toBe(true);
    expect(emailSent).toBe(true);
    expect(link).toMatchObject({
      connectorId: 1,
      recipientEmail: 'client@brand.com',
      multiUse: false,
      uses: 0,
      status: 'active',
      createdBy: { id: owner.user.id, email: 'links-owner@example.com' },
      expiresAt: new Date(clock().getTime() + 7 * DAY).toISOString(),
    });
    const [mail] = await outboxFor(db(), 'client@brand.com');
    expect(mail?.subject).toContain('Google Analytics');
    expect(mail?.text_body).toContain(url);

    const [entry] = await auditOf(db(), owner.team.id, 'client_link.create');
    expect(entry?.details).toMatchObject({ clientLinkId: link.id, email: 'client@brand.com' });

    // Only the token's hash is kept: no column of the row holds the link.
    const token = tokenOf(url);
    const { rows } = await sql<Record<string, unknown>>`
      SELECT * FROM client_links WHERE id = ${link.id}`.execute(db());
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
  });

  it('defaults to a 7-day single-use link, and copies without email when none is given', async () => {
    const created = await create(owner, { connectorId: '1' });
    expect(created.statusCode, created.body).toBe(200);
    const { link, emailSent } = created.json();
    expect(emailSent).toBe(false);
    expect(link.multiUse).toBe(false);
    expect(link.recipientEmail).toBeNull();
    expect(link.expiresAt).toBe(new Date(clock().getTime() + 7 * DAY).toISOString());
  });

  it('refuses an expiry outside 1–30 days, a form-login connector, and an add-on the plan lacks', async () => {
    for (const days of ['0', '31', '2.5']) {
      const refused = await create(owner, { connectorId: '1', expiresInDays: days });
      expect(refused.statusCode).toBe(400);
      expect(refused.error()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'expiresInDays' });
    }
    const form = await create(owner, { connectorId: '11' });
    expect(form.statusCode).toBe(403);
    expect(form.error().message).toContain('CallRail is connected with a login form');
    const addon = await create(owner, { connectorId: '39' });
    expect(addon.statusCode).toBe(403);
    expect(addon.error().message).toContain('is not included in your plan');
    const unknown = await create(owner, { connectorId: '9999' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a link when the plan has no room for accounts, naming Billing', async () => {
    const full = await signIn(app, identity, 'links-full@example.com');
    await db()
      .updateTable('teams')
      .set({ account_limit: 2 })
      .where('id', '=', full.team.id)
      .execute();
    await seedLogin(db(), full.team.id, { accounts: 2 });
    const refused = await create(full, { connectorId: '1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toEqual({
      code: 'PLAN_LIMIT',
      message:
        'Your plan has 2 of 2 accounts in use, so a client could not add any. Add accounts in Billing or delete some, then send the link.',
    });
    expect(await auditOf(db(), full.team.id, 'client_link.create')).toEqual([]);
  });

  it('lists the team’s links newest first with who made them and where they stand', async () => {
    const member = await addMember(db(), owner.team.id, 'links-maker@example.com', 'Admin');
    const maker = await signIn(app, identity, 'links-maker@example.com');
    expect(maker.user.id).toBe(member.id);
    clock.advance(1000);
    const made = (
      await create(maker, { connectorId: '3', multiUse: 'true', expiresInDays: '1' })
    ).json();
    const listed = await call(app, ENDPOINTS.getClientLinks, { cookie: owner.cookie });
    expect(listed.statusCode).toBe(200);
    const { links } = listed.json();
    expect(links[0]).toEqual(made.link);
    expect(links[0]?.createdBy?.email).toBe('links-maker@example.com');
    expect(links.length).toBeGreaterThanOrEqual(3);

    // A day on (moved in the row: sessions would end if the clock moved a day).
    await db()
      .updateTable('client_links')
      .set({ expires_at: new Date(clock().getTime() - 1000) })
      .where('id', '=', made.link.id)
      .execute();
    const later = (await call(app, ENDPOINTS.getClientLinks, { cookie: owner.cookie })).json();
    expect(later.links.find((l) => l.id === made.link.id)?.status).toBe('expired');
  });

  it('revokes a link once; another team can neither see nor revoke it', async () => {
    const { link } = (await create(owner, { connectorId: '1' })).json();
    const outsider = await call(app, ENDPOINTS.revokeClientLink, {
      cookie: other.cookie,
      query: { id: link.id },
    });
    expect(outsider.statusCode).toBe(404);
    const theirs = (await call(app, ENDPOINTS.getClientLinks, { cookie: other.cookie })).json();
    expect(theirs.links).toEqual([]);

    const revoked = await call(app, ENDPOINTS.revokeClientLink, {
      cookie: owner.cookie,
      query: { id: link.id },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const again = await call(app, ENDPOINTS.revokeClientLink, {
      cookie: owner.cookie,
      query: { id: link.id },
    });
    expect(again.statusCode).toBe(404);
    const listed = (await call(app, ENDPOINTS.getClientLinks, { cookie: owner.cookie })).json();
    expect(listed.links.find((l) => l.id === link.id)?.status).toBe('revoked');
    const entries = await auditOf(db(), owner.team.id, 'client_link.revoke');
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({ clientLinkId: link.id }),
    ]);
  });
});
