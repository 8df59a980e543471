import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { backgroundJobs } from '../../src/wiring/background-jobs.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { everyRow, rowsChanged } from '../helpers/every-row.ts';
import { whileHeld } from '../helpers/held-locks.ts';
import { seedLogin } from '../helpers/connections.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The Data Sources screen, delete and restore (retention, plan limit), team isolation. */
describeEachDatabase('data sources: accounts', (db, _kind, another) => {
  const identity = fakeIdentity();
  const clock = testClock();
  let app: FastifyInstance;
  let owner: SignedIn;
  let outsider: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock });
    owner = await signIn(app, identity, 'accounts-owner@example.com');
    outsider = await signIn(app, identity, 'accounts-outsider@example.com');
  });
  afterAll(() => app.close());

  const grouped = async (cookie = owner.cookie) => {
    const response = await call(app, ENDPOINTS.getGroupedData, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const remove = (accountId: string, cookie = owner.cookie) =>
    call(app, ENDPOINTS.deleteAccount, { params: { accountId }, cookie });
  const restore = (accountId: string, cookie = owner.cookie) =>
    call(app, ENDPOINTS.restoreAccount, { params: { accountId }, cookie });
  /** A new team whose plan allows `limit` accounts. */
  const teamWithLimit = async (email: string, limit: number) => {
    const team = await signIn(app, identity, email);
    await db()
      .updateTable('teams')
      .set({ account_limit: limit })
      .where('id', '=', team.team.id)
      .execute();
    return team;
  };

  it('groups logins and accounts by connector with health, people and usage', async () => {
    const ga = await seedLogin(db(), owner.team.id, {
      connectorId: 1,
      accounts: 2,
      userId: owner.user.id,
      name: 'ga login',
    });
    await seedLogin(db(), owner.team.id, {
      connectorId: 11,
      accounts: 1,
      userId: owner.user.id,
      name: 'callrail login',
    });
    await db()
      .updateTable('data_source_credentials')
      .set({
        status: 'needs_reconnect',
        status_reason: 'Access was revoked or expired at Google Analytics. Reconnect to resume.',
      })
      .where('id', '=', ga.credentialId)
      .execute();
    const data = await grouped();
    expect(data.usage).toEqual({ accountsUsed: 3, accountLimit: 20 });
    expect(data.retentionDays).toBe(30);
    expect(data.groups.map((g) => g.connectorId)).toEqual([1, 11]);
    const login = data.groups[0]?.credentials[0];
    expect(login).toMatchObject({
      name: 'ga login',
      status: 'needs_reconnect',
      statusReason: 'Access was revoked or expired at Google Analytics. Reconnect to resume.',
      addedBy: { id: owner.user.id, email: 'accounts-owner@example.com' },
    });
    expect(login?.accounts.map((a) => a.status)).toEqual(['needs_reconnect', 'needs_reconnect']);
    // Each account row carries the time zone and currency its provider stated, or none.
    expect(login?.accounts.map((a) => [a.timeZone, a.currency])).toEqual([
      [null, null],
      [null, null],
    ]);
    const [first] = login?.accounts ?? [];
    await db()
      .updateTable('data_source_accounts')
      .set({ details: JSON.stringify({ timeZone: 'Europe/Paris', currency: 'EUR' }) })
      .where('team_id', '=', owner.team.id)
      .where('id', '=', first?.id ?? '')
      .execute();
    const again = (await grouped()).groups[0]?.credentials[0]?.accounts.find(
      (a) => a.id === first?.id,
    );
    expect(again).toMatchObject({ timeZone: 'Europe/Paris', currency: 'EUR' });
    expect(JSON.stringify(data)).not.toMatch(/not-a-real-ciphertext|_enc|token/i);
  });

  it('delete moves an account to Deleted (who, when, purge date); restore brings it back as it was', async () => {
    const member = await addMember(db(), owner.team.id, 'accounts-member@example.com', 'Admin');
    const memberSession = await signIn(app, identity, 'accounts-member@example.com');
    const { accountIds } = await seedLogin(db(), owner.team.id, {
      connectorId: 3,
      accounts: 1,
      userId: owner.user.id,
    });
    const id = accountIds[0] ?? '';
    const before = (await grouped()).groups
      .flatMap((g) => g.credentials)
      .flatMap((l) => l.accounts)
      .find((a) => a.id === id);

    const deleted = await remove(id, memberSession.cookie);
    expect(deleted.statusCode).toBe(200);
    const account = deleted.json().account;
    expect(account).toMatchObject({
      status: 'deleted',
      deletedAt: clock().toISOString(),
      deletedBy: { id: member.id, email: 'accounts-member@example.com' },
      purgeAt: new Date(clock().getTime() + 30 * DAY).toISOString(),
    });
    expect((await grouped()).usage.accountsUsed).toBe(3);
    // Deleting again changes nothing.
    expect((await remove(id)).json().account.deletedBy?.id).toBe(member.id);

    clock.advance(29 * DAY);
    // Sessions end after 12 hours: sign in again after moving the clock.
    owner = await signIn(app, identity, 'accounts-owner@example.com');
    const restored = await restore(id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().account).toEqual(before);

    const actions = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('team_id', '=', owner.team.id)
      .where('action', 'in', ['data_source.account_delete', 'data_source.account_restore'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'data_source.account_delete', actor_user_id: member.id },
      { action: 'data_source.account_restore', actor_user_id: owner.user.id },
    ]);
  });

  it('restoring past the plan’s account limit is refused with 409 and the limit named', async () => {
    const team = await teamWithLimit('full-plan@example.com', 2);
    const { accountIds } = await seedLogin(db(), team.team.id, { accounts: 2 });
    await remove(accountIds[0] ?? '', team.cookie);
    await seedLogin(db(), team.team.id, { connectorId: 3, accounts: 1 });
    const refused = await restore(accountIds[0] ?? '', team.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toEqual({
      code: 'CONFLICT',
      message:
        "Restoring this account would exceed your plan's limit of 2 accounts. Delete another account or add accounts in Billing.",
    });
    expect((await grouped(team.cookie)).usage).toEqual({ accountsUsed: 2, accountLimit: 2 });
  });

  it('two restores at once with room for one: one is restored, the other refused, one audit entry', async () => {
    const team = await teamWithLimit('one-seat-left@example.com', 2);
    const { accountIds } = await seedLogin(db(), team.team.id, { accounts: 3 });
    const both = accountIds.slice(0, 2);
    for (const id of both) await remove(id, team.cookie);
    const restoreBoth = () => Promise.all(both.map((id) => restore(id, team.cookie)));
    // On PostgreSQL the two restores are made to overlap: another connection holds both
    // accounts' rows until both restores wait on a lock, so each has counted the team's
    // accounts, or waits to, before either commits. Without the team's limit lock taken first
    // both counts see room for one, and both restore.
    const holder = another();
    const answers = holder
      ? await whileHeld(
          holder,
          (tx) =>
            tx
              .selectFrom('data_source_accounts')
              .select('id')
              .where('id', 'in', both)
              .forUpdate()
              .execute(),
          restoreBoth,
          2,
        )
      : await restoreBoth();
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await grouped(team.cookie)).usage).toEqual({ accountsUsed: 2, accountLimit: 2 });
    const restores = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('team_id', '=', team.team.id)
      .where('action', '=', 'data_source.account_restore')
      .execute();
    expect(restores).toHaveLength(1);
  });

  it('past the retention an account cannot be restored, and the maintenance job purges it', async () => {
    const team = await signIn(app, identity, 'retention@example.com');
    const { accountIds } = await seedLogin(db(), team.team.id, { accounts: 2 });
    const [old = '', recent = ''] = accountIds;
    await remove(old, team.cookie);
    clock.advance(20 * DAY);
    await remove(recent, (await signIn(app, identity, 'retention@example.com')).cookie);
    clock.advance(10 * DAY + 1);
    const again = await signIn(app, identity, 'retention@example.com');
    expect((await restore(old, again.cookie)).statusCode).toBe(404);

    await backgroundJobs(app).purge();
    const left = await db()
      .selectFrom('data_source_accounts')
      .select('id')
      .where('team_id', '=', team.team.id)
      .execute();
    expect(left.map((a) => a.id)).toEqual([recent]);
    const purged = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('team_id', '=', team.team.id)
      .where('action', '=', 'data_source.account_purge')
      .execute();
    expect(purged).toHaveLength(1);
    expect(purged[0]?.details).toMatchObject({ accountId: old });
  });

  it('another team’s account: 404 on delete and restore, no row changed; lists never show it', async () => {
    outsider = await signIn(app, identity, 'accounts-outsider@example.com');
    owner = await signIn(app, identity, 'accounts-owner@example.com');
    const { accountIds } = await seedLogin(db(), owner.team.id, {
      connectorId: 12,
      accounts: 2,
      name: 'private login',
    });
    const [live = '', deleted = ''] = accountIds;
    expect((await remove(deleted)).statusCode).toBe(200);
    // Each in the state the request would act on: a live one to delete, a deleted one to restore.
    const before = await everyRow(db());
    for (const response of [
      await remove(live, outsider.cookie),
      await restore(deleted, outsider.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.error()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // No row anywhere: the outsider's own team (its audit log) included.
    expect(rowsChanged(before, await everyRow(db()))).toEqual({});
    const theirs = await grouped(outsider.cookie);
    expect(theirs.groups).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('private login');
    expect((await remove('not-a-uuid')).statusCode).toBe(404);
  });

  it('answers thousands of accounts quickly (one statement whatever the size)', async () => {
    const team = await signIn(app, identity, 'big-team@example.com');
    for (let i = 0; i < 10; i += 1)
      await seedLogin(db(), team.team.id, { connectorId: 1 + (i % 3), accounts: 300 });
    const startedAt = Date.now();
    const data = await grouped(team.cookie);
    expect(data.usage.accountsUsed).toBe(3000);
    expect(Date.now() - startedAt).toBeLessThan(3000);
  });
});
