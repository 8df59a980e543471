import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { displayName } from '../../src/modules/team/team.mappers.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { seedLogin } from '../helpers/connections.ts';
import { addMember } from '../helpers/members.ts';
import { signIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

/**
 * PostgreSQL writes the Data Sources screen's JSON (the test app also checks every such answer
 * byte for byte against the contract's compiled writer). These pin what a person sees: names as
 * everywhere else, text exactly as stored, times as JavaScript writes them, the screen's order.
 */
describeEachDatabase('data sources: the screen as PostgreSQL writes it', (db) => {
  const identity = fakeIdentity();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { identity, clock: testClock() });
  });
  afterAll(() => app.close());

  const grouped = async (cookie: string) => {
    const response = await call(app, ENDPOINTS.getGroupedData, { cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('writes people, text and times exactly as the contract reads them', async () => {
    const owner = await signIn(app, identity, 'json-owner@example.com');
    const paddedName = '\u00a0 Olive \u201cO\u201d Owner\u2003\n';
    await db()
      .updateTable('users')
      .set({ name: paddedName })
      .where('id', '=', owner.user.id)
      .execute();
    const member = await addMember(db(), owner.team.id, 'json-member@example.com');
    await db()
      .updateTable('users')
      .set({ name: ' ', first_name: 'Mem', last_name: '' })
      .where('id', '=', member.id)
      .execute();
    // Someone of another team (as after leaving this one) is nobody on this screen.
    const elsewhere = await signIn(app, identity, 'json-elsewhere@example.com');

    const odd = 'Quote " back\\slash\ttab\nline \u0001 \u2028 😀 </script>';
    const { credentialId, accountIds } = await seedLogin(db(), owner.team.id, {
      connectorId: 5,
      accounts: 2,
      userId: member.id,
      name: odd,
    });
    const [live = '', deleted = ''] = accountIds;
    await db()
      .updateTable('data_source_credentials')
      .set({
        status: 'error',
        status_reason: 'Line one\nline "two"',
        last_refreshed_at: new Date('2026-01-04T23:59:59.999Z'),
      })
      .where('id', '=', credentialId)
      .execute();
    // The schema lets no statement of the app move created_at; the test sets it directly.
    await sql`UPDATE data_source_credentials SET created_at = '2026-01-01T00:00:00Z'
      WHERE id = ${credentialId}`.execute(db());
    // Microseconds are cut to milliseconds, never rounded up, as Date keeps them.
    await db()
      .updateTable('data_source_accounts')
      .set({
        name: `A ${odd}`,
        external_id: 'ext\u2029"1"',
        added_by: elsewhere.user.id,
        added_at: sql<Date>`'2026-01-02 10:11:12.999999+00'::timestamptz`,
      })
      .where('id', '=', live)
      .execute();
    await db()
      .updateTable('data_source_accounts')
      .set({
        name: 'B account',
        added_at: new Date('2026-01-02T03:04:05.678Z'),
        deleted_at: new Date('2026-01-03T00:00:00.001Z'),
        deleted_by: owner.user.id,
      })
      .where('id', '=', deleted)
      .execute();

    const ownerPerson = {
      id: owner.user.id,
      name: 'Olive \u201cO\u201d Owner',
      email: 'json-owner@example.com',
    };
    const memberPerson = { id: member.id, name: 'Mem', email: 'json-member@example.com' };
    expect(ownerPerson.name).toBe(
      displayName({ name: paddedName, firstName: 'Olive', lastName: 'Owner' }),
    );
    expect(await grouped(owner.cookie)).toEqual({
      groups: [
        {
          connectorId: 5,
          credentials: [
            {
              id: credentialId,
              name: odd,
              status: 'error',
              statusReason: 'Line one\nline "two"',
              addedBy: memberPerson,
              connectedByEmail: null,
              expiresAt: null,
              expirySource: null,
              addedAt: '2026-01-01T00:00:00.000Z',
              lastRefreshedAt: '2026-01-04T23:59:59.999Z',
              accounts: [
                {
                  id: live,
                  externalId: 'ext\u2029"1"',
                  name: `A ${odd}`,
                  status: 'error',
                  addedBy: null,
                  addedAt: '2026-01-02T10:11:12.999Z',
                  lastRefreshedAt: '2026-01-04T23:59:59.999Z',
                  deletedAt: null,
                  deletedBy: null,
                  purgeAt: null,
                  timeZone: null,
                  currency: null,
                },
                {
                  id: deleted,
                  externalId: expect.any(String) as string,
                  name: 'B account',
                  status: 'deleted',
                  addedBy: memberPerson,
                  addedAt: '2026-01-02T03:04:05.678Z',
                  lastRefreshedAt: '2026-01-04T23:59:59.999Z',
                  deletedAt: '2026-01-03T00:00:00.001Z',
                  deletedBy: ownerPerson,
                  purgeAt: '2026-02-02T00:00:00.001Z',
                  timeZone: null,
                  currency: null,
                },
              ],
            },
          ],
        },
      ],
      usage: { accountsUsed: 1, accountLimit: 20 },
      retentionDays: 30,
    });
  });

  it('orders connectors, then logins by name, then accounts by name, deleted ones among them', async () => {
    const owner = await signIn(app, identity, 'json-order@example.com');
    const login = async (connectorId: number, name: string, accounts: string[]) => {
      const seeded = await seedLogin(db(), owner.team.id, {
        connectorId,
        accounts: accounts.length,
        name,
      });
      for (const [i, id] of seeded.accountIds.entries()) {
        await db()
          .updateTable('data_source_accounts')
          .set({ name: accounts[i] ?? '' })
          .where('id', '=', id)
          .execute();
      }
      return seeded;
    };
    await login(7, 'Beta login', ['Only']);
    const alpha = await login(7, 'Alpha login', ['Cherry', 'Apple', 'Banana', 'Apple']);
    await login(2, 'Gamma login', ['Delta']);
    await db()
      .updateTable('data_source_accounts')
      .set({ deleted_at: new Date() })
      .where('id', '=', alpha.accountIds[2] ?? '')
      .execute();

    const data = await grouped(owner.cookie);
    expect(data.groups.map((g) => g.connectorId)).toEqual([2, 7]);
    const names = data.groups[1]?.credentials.map((c) => c.name);
    expect(names).toEqual(['Alpha login', 'Beta login']);
    const accounts = data.groups[1]?.credentials[0]?.accounts ?? [];
    expect(accounts.map((a) => a.name)).toEqual(['Apple', 'Apple', 'Banana', 'Cherry']);
    // Two of one name: by id, as before.
    const apples = accounts.slice(0, 2).map((a) => a.id);
    expect(apples).toEqual([...apples].sort());
    expect(accounts.find((a) => a.name === 'Banana')?.status).toBe('deleted');
    expect(data.usage.accountsUsed).toBe(5);
  });

  it('answers a team without logins with no groups', async () => {
    const owner = await signIn(app, identity, 'json-empty@example.com');
    expect(await grouped(owner.cookie)).toEqual({
      groups: [],
      usage: { accountsUsed: 0, accountLimit: 20 },
      retentionDays: 30,
    });
  });
});
