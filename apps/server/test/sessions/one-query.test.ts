import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { hashToken } from '../../src/modules/sessions/session-token.ts';
import { call } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import type { SignedIn } from '../helpers/sign-in.ts';
import { createTestApp, fakeIdentity, testClock } from '../helpers/test-app.ts';

/** Counts every statement the app runs through the handle (raw ones included). */
function counted(db: Db): { db: Db; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => {
      statements += 1;
      return Promise.resolve(result);
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

/**
 * A signed-in read costs one statement: the session, its user, role, team and any acting
 * admin come back joined, and the idle timer moves inside that same statement when it is due.
 * Nothing is cached between requests, so a change to the user's role shows on the next one.
 */
describeEachDatabase('one statement per signed-in request', (db) => {
  const identity = fakeIdentity();
  const clock = testClock(new Date());
  let app: FastifyInstance;
  let owner: SignedIn;
  let statements: () => number;
  beforeAll(async () => {
    const recorder = counted(db());
    statements = recorder.count;
    app = await createTestApp(recorder.db, { identity, clock });
    owner = await signIn(app, identity, 'counted@example.com');
  });
  afterAll(() => app.close());

  const lastSeen = async () => {
    const token = owner.cookie.split('=')[1] ?? '';
    const row = await db()
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return row.last_seen_at.getTime();
  };

  const teamInfo = async () => {
    const before = statements();
    const answer = await call(app, ENDPOINTS.getTeamInfo, { cookie: owner.cookie });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().team.id).toBe(owner.team.id);
    return statements() - before;
  };

  it('getTeamInfo: one statement, which also moves a due idle timer', async () => {
    clock.advance(5 * 60_000);
    const seenBefore = await lastSeen();
    expect(await teamInfo()).toBe(1);
    const seenAfter = await lastSeen();
    expect(seenAfter).toBe(clock().getTime());
    expect(seenAfter).toBeGreaterThan(seenBefore);
    // Within the minute the timer is not written again, and the read is still one statement.
    clock.advance(10_000);
    expect(await teamInfo()).toBe(1);
    expect(await lastSeen()).toBe(seenAfter);
  });

  it('a revoked permission holds on the very next request, still in one statement', async () => {
    const member = await signIn(app, identity, 'revoked@example.com');
    const roleId = member.user.roleId;
    const read = () => call(app, ENDPOINTS.getActivity, { cookie: member.cookie });
    expect((await read()).statusCode).toBe(200);
    await db()
      .updateTable('roles')
      .set({ built_in: null, permissions: JSON.stringify({}) })
      .where('id', '=', roleId)
      .where('team_id', '=', member.team.id)
      .execute();
    const before = statements();
    expect((await read()).statusCode).toBe(403);
    expect(statements() - before).toBe(1);
  });
});
