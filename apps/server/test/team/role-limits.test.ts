import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { signIn } from '../helpers/sign-in.ts';
import { call } from '../helpers/contract-call.ts';
import { createTestApp, fakeIdentity, testClock, testConfig } from '../helpers/test-app.ts';

/**
 * A team has at most 50 roles of its own (Super Admin and Admin not counted), and creates,
 * changes and deletes at most RATE_LIMIT_ROLE_CHANGES_PER_HOUR of them an hour, counted in the
 * database like invitations. A script cannot bury the Team screen in roles.
 */
const PER_HOUR = 56;
const config = testConfig({ RATE_LIMIT_ROLE_CHANGES_PER_HOUR: String(PER_HOUR) });

describeEachDatabase('role limits', (db) => {
  const identity = fakeIdentity();
  // 15 s into an hour: its window ends 59 min 45 s later.
  const clock = testClock(new Date('2026-01-05T09:00:15Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, identity, clock });
  });
  afterAll(() => app.close());

  const create = (cookie: string, name: string) =>
    call(app, ENDPOINTS.createRole, { cookie, form: { name, permissions: 'view_stats' } });
  const roleNames = async (cookie: string) =>
    (await call(app, ENDPOINTS.getRoles, { cookie })).json().roles.map((role) => role.name);

  it('the 50th role of a team’s own is the last: one more is refused with what to do, nothing made', async () => {
    const owner = await signIn(app, identity, 'many-roles@example.com');
    // Every new team starts with one role of its own (Member): 49 more reach the cap.
    expect(await roleNames(owner.cookie)).toEqual(['Super Admin', 'Admin', 'Member']);
    for (let i = 1; i <= 49; i += 1) {
      const made = await create(owner.cookie, `Role ${String(i).padStart(2, '0')}`);
      expect(made.statusCode, made.body).toBe(200);
    }
    const refused = await create(owner.cookie, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.error()).toEqual({
      code: 'CONFLICT',
      message:
        'Your team has 50 roles of its own, the most it can have. Delete a role nobody uses, or change an existing one, instead.',
    });
    const names = await roleNames(owner.cookie);
    expect(names).toHaveLength(52);
    expect(names).not.toContain('One too many');

    // Deleting one makes room again.
    const roles = (await call(app, ENDPOINTS.getRoles, { cookie: owner.cookie })).json().roles;
    const spare = roles.find((role) => role.name === 'Role 49');
    const deleted = await call(app, ENDPOINTS.deleteRole, {
      cookie: owner.cookie,
      query: { id: spare?.id ?? '' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await create(owner.cookie, 'One too many')).statusCode).toBe(200);
  });

  it('a team creates, changes and deletes at most the hourly number of roles: 429 with Retry-After', async () => {
    // The first test's team spent 49 + 1 + 1 + 1 = 52 of its 56; a renamed role is one more.
    const owner = await signIn(app, identity, 'many-roles@example.com');
    const roles = (await call(app, ENDPOINTS.getRoles, { cookie: owner.cookie })).json().roles;
    const role = roles.find((r) => r.name === 'Role 01');
    const rename = (name: string) =>
      call(app, ENDPOINTS.updateRole, {
        cookie: owner.cookie,
        form: { id: role?.id ?? '', name, permissions: 'view_stats' },
      });
    for (let i = 0; i < PER_HOUR - 52; i += 1) {
      expect((await rename(`Renamed ${i}`)).statusCode).toBe(200);
    }
    const refused = await rename('Once more');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(59 * 60 + 45));
    expect(refused.error()).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Your team has created, changed or deleted the most roles allowed in an hour. Please try again later.',
    });
    expect(await roleNames(owner.cookie)).not.toContain('Once more');
    // Reading is not limited, and another team has its own count.
    expect(
      (
        await call(app, ENDPOINTS.getRole, {
          cookie: owner.cookie,
          query: { role_id: role?.id ?? '' },
        })
      ).statusCode,
    ).toBe(200);
    const other = await signIn(app, identity, 'few-roles@example.com');
    expect((await create(other.cookie, 'Analyst')).statusCode).toBe(200);

    clock.advance(60 * 60 * 1000);
    expect((await rename('Next hour')).statusCode).toBe(200);
  });
});
