import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { call } from '../helpers/contract-call.ts';
import { ADMIN_EMAIL, adminConfig, auditRows, switchTo } from '../helpers/admin-switch.ts';
import { seedLogin } from '../helpers/connections.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, sessionCookieOf } from '../helpers/test-app.ts';

/**
 * Services record their changes without knowing about switches; the audit writer adds the
 * admin behind the request. These are ordinary changes made through a switched session.
 */
describeEachDatabase('admin user switch: every action is logged with both identities', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  let owner: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, config: adminConfig() });
    owner = await signIn(app, identity, 'owner@client.example');
    admin = await signIn(app, identity, ADMIN_EMAIL);
  });
  afterAll(() => app.close());

  const rename = (cookie: string, name: string) =>
    call(app, ENDPOINTS.updateTeamInfo, { cookie, form: { name } });
  const deleteAccount = (cookie: string, accountId: string) =>
    call(app, ENDPOINTS.deleteAccount, { cookie, params: { accountId } });

  it('a rename and an account delete during a switch carry the admin and the user', async () => {
    const { accountIds } = await seedLogin(db(), owner.team.id, { userId: owner.user.id });
    const switched = await switchTo(app, admin.cookie, 'owner@client.example', owner.team.id);

    expect((await rename(switched.cookie, 'Renamed by support')).statusCode).toBe(200);
    expect((await deleteAccount(switched.cookie, accountIds[0] ?? '')).statusCode).toBe(200);

    const both = { actor_user_id: owner.user.id, acting_admin_id: admin.user.id };
    const renames = await auditRows(db(), owner.team.id, 'team.rename');
    expect(renames).toHaveLength(1);
    expect(renames[0]).toMatchObject({ ...both, details: { to: 'Renamed by support' } });
    const deletes = await auditRows(db(), owner.team.id, 'data_source.account_delete');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ ...both, details: { accountId: accountIds[0] } });

    // After returning, and for the user's own session all along, no admin is recorded.
    const ended = await call(app, ENDPOINTS.endUserSwitch, { cookie: switched.cookie });
    const back = sessionCookieOf(ended) ?? '';
    expect((await rename(back, 'The admin team')).statusCode).toBe(200);
    expect((await deleteAccount(owner.cookie, accountIds[1] ?? '')).statusCode).toBe(200);
    expect((await auditRows(db(), admin.team.id, 'team.rename')).at(-1)).toMatchObject({
      actor_user_id: admin.user.id,
      acting_admin_id: null,
    });
    expect(
      (await auditRows(db(), owner.team.id, 'data_source.account_delete')).at(-1),
    ).toMatchObject({
      actor_user_id: owner.user.id,
      acting_admin_id: null,
    });
  });

  it('requests served at the same time each keep their own admin (or none)', async () => {
    const other = await signIn(app, identity, 'owner@other.example');
    const fresh = await signIn(app, identity, ADMIN_EMAIL);
    const switched = await switchTo(app, fresh.cookie, 'owner@client.example', owner.team.id);
    const rounds = Array.from({ length: 5 }, (_, i) => [
      rename(switched.cookie, `Switched ${i}`),
      rename(other.cookie, `Own ${i}`),
    ]).flat();
    for (const response of await Promise.all(rounds)) expect(response.statusCode).toBe(200);

    const switchedRows = await auditRows(db(), owner.team.id, 'team.rename');
    const ownRows = await auditRows(db(), other.team.id, 'team.rename');
    expect(switchedRows.filter((r) => String(r.details.to).startsWith('Switched'))).toHaveLength(5);
    expect(ownRows).toHaveLength(5);
    for (const row of switchedRows.slice(-5)) expect(row.acting_admin_id).toBe(fresh.user.id);
    for (const row of ownRows) expect(row.acting_admin_id).toBeNull();
  });
});
