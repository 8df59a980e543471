import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ENDPOINTS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import { call } from './contract-call.ts';
import { sessionCookieOf, testConfig } from './test-app.ts';

/** The platform admin of the admin-switch suites, listed in another case than they sign in. */
export const ADMIN_EMAIL = 'root@platform.example';

export const adminConfig = () => testConfig({ PLATFORM_ADMIN_EMAILS: 'Root@Platform.Example' });

/** Starts a switch from `cookie` and answers the new session cookie and the switch's answer. */
export async function switchTo(
  app: FastifyInstance,
  cookie: string,
  user: string,
  teamId: string,
  unit: BusinessUnit = 'MEGALYTIC_GDS',
) {
  const response = await call(app, ENDPOINTS.userSwitch, { cookie, unit, form: { user, teamId } });
  expect(response.statusCode, response.body).toBe(200);
  const switched = sessionCookieOf(response);
  if (!switched) throw new Error('no session cookie after the switch');
  expect(switched).not.toBe(cookie);
  return { cookie: switched, body: response.json() };
}

export async function teamInfo(app: FastifyInstance, cookie: string | undefined) {
  const response = await call(app, ENDPOINTS.getTeamInfo, { cookie });
  // Read only when asked: a refused request has no profile to read.
  return {
    status: response.statusCode,
    get body() {
      return response.json();
    },
  };
}

/** The audit rows of a team for one action, oldest first. */
export function auditRows(db: Db, teamId: string, action: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}
