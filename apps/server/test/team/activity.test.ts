import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { recordAudit } from '../../src/modules/audit/audit.service.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { invite } from '../helpers/team-management.ts';
import { createTestApp, fakeIdentity } from '../helpers/test-app.ts';

describeEachDatabase('activity log', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
    owner = await signIn(app, identity, 'owner@example.com');
    await addMember(db(), owner.team.id, 'member@example.com', 'Admin');
    member = await signIn(app, identity, 'member@example.com');
    other = await signIn(app, identity, 'other@example.com');
    await call(app, ENDPOINTS.updateTeamInfo, { cookie: owner.cookie, form: { name: 'Agency' } });
    await invite(app, db(), member, 'ana@agency.com', 'Admin');
    await call(app, ENDPOINTS.updateTeamInfo, {
      cookie: other.cookie,
      form: { name: 'Elsewhere' },
    });
    // Entries other modules write, under the names the log already holds.
    await recordAudit(db(), {
      teamId: owner.team.id,
      actorUserId: owner.user.id,
      action: 'data_source.account_delete',
      details: { connectorId: 3, name: 'Shop account' },
    });
  });
  afterAll(() => app.close());

  const read = async (query: Record<string, string> = {}, cookie = owner.cookie) => {
    const response = await call(app, ENDPOINTS.getActivity, { cookie, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers the team’s entries newest first, each with a sentence and its actor', async () => {
    const page = await read();
    expect(page.entries.map((e) => [e.action, e.summary, e.actor?.email])).toEqual([
      [
        'data_source.account_delete',
        'Deleted the Google Ads account Shop account',
        'owner@example.com',
      ],
      ['invitation.create', 'Invited ana@agency.com as Admin', 'member@example.com'],
      ['team.rename', "Renamed the team from owner's team to Agency", 'owner@example.com'],
      ['team.create', 'Created the team', 'owner@example.com'],
    ]);
    expect(page.entries[0]).toMatchObject({ actingAdmin: null, details: { name: 'Shop account' } });
    expect(page.nextBefore).toBeNull();
    expect(page.actors.map((a) => a.email)).toEqual(['member@example.com', 'owner@example.com']);
    expect(JSON.stringify(page)).not.toContain('Elsewhere');
  });

  it('filters by person and action; another team’s person names nothing', async () => {
    const byMember = await read({ actor: member.user.id });
    expect(byMember.entries.map((e) => e.action)).toEqual(['invitation.create']);
    const renames = await read({ action: 'team.rename' });
    expect(renames.entries.map((e) => e.summary)).toEqual([
      "Renamed the team from owner's team to Agency",
    ]);
    expect((await read({ actor: other.user.id })).entries).toEqual([]);
    expect((await read({ actor: 'not-an-id' })).entries).toEqual([]);
    const unknown = await call(app, ENDPOINTS.getActivity, {
      cookie: owner.cookie,
      query: { action: 'team.explode' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('filters by UTC days, both ends included', async () => {
    const at = (iso: string) =>
      db()
        .insertInto('audit_log')
        .values({
          team_id: owner.team.id,
          actor_user_id: owner.user.id,
          acting_admin_id: null,
          action: 'team.rename',
          details: JSON.stringify({ from: iso, to: iso }),
          created_at: new Date(iso),
        })
        .execute();
    await at('2020-03-01T23:59:59.999Z');
    await at('2020-03-02T00:00:00.000Z');
    await at('2020-03-03T23:59:59.999Z');
    await at('2020-03-04T00:00:00.000Z');
    const days = await read({ from: '2020-03-02', to: '2020-03-03' });
    expect(days.entries.map((e) => e.at)).toEqual([
      '2020-03-03T23:59:59.999Z',
      '2020-03-02T00:00:00.000Z',
    ]);
    expect((await read({ to: '2020-03-01' })).entries).toHaveLength(1);
    for (const query of [
      { from: '2020-03-04', to: '2020-03-02' },
      { from: '2020-02-31' },
      { to: '2020-13-01' },
    ]) {
      const response = await call(app, ENDPOINTS.getActivity, { cookie: owner.cookie, query });
      expect(response.statusCode).toBe(400);
      expect(response.error()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('pages by id: `before` the last entry’s id gives the next page until nextBefore is null', async () => {
    const all = (await read({ limit: '500' })).entries.map((e) => e.id);
    const seen: string[] = [];
    let before: string | null | undefined;
    do {
      const page = await read({ limit: '3', ...(before ? { before } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e.id));
      before = page.nextBefore;
    } while (before);
    expect(seen).toEqual(all);
    expect((await read({ before: '9999999999999999999' })).entries.map((e) => e.id)).toEqual(
      all.slice(0, 100),
    );
  });

  it('needs view_activity: an Admin reads it, a Member does not', async () => {
    expect((await read({}, member.cookie)).entries.length).toBeGreaterThan(0);
    await addMember(db(), owner.team.id, 'plain@example.com', 'Member');
    const plain = await signIn(app, identity, 'plain@example.com');
    expect((await call(app, ENDPOINTS.getActivity, { cookie: plain.cookie })).statusCode).toBe(403);
  });
});
