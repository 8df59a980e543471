import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ENDPOINTS, buildPath } from '@gds/contract';
import type { BusinessUnit, ProfileUser, ResponseOf } from '@gds/contract';
import type { Db } from '../../src/db/database.ts';
import type { ApiRequest } from './test-app.ts';
import { api, sessionCookieOf, testConfig } from './test-app.ts';

/** The platform admin of the admin-switch suites, listed in another case than they sign in. */
export const ADMIN_EMAIL = 'root@platform.example';

export const adminConfig = () => testConfig({ PLATFORM_ADMIN_EMAILS: 'Root@Platform.Example' });

type Name = keyof typeof ENDPOINTS;

/** Calls a contract endpoint by name, the way the SPA does. */
export function call(
  app: FastifyInstance,
  name: Name,
  request: Omit<ApiRequest, 'url' | 'method'> & {
    params?: Record<string, string>;
    query?: string;
  } = {},
) {
  const { params, query, ...rest } = request;
  const endpoint = ENDPOINTS[name];
  const path = buildPath(endpoint.path, params ?? {});
  return api(app, { ...rest, method: endpoint.method, url: query ? `${path}?${query}` : path });
}

/** Starts a switch from `cookie` and answers the new session cookie and the switch's answer. */
export async function switchTo(
  app: FastifyInstance,
  cookie: string,
  user: string,
  teamId: string,
  unit: BusinessUnit = 'MEGALYTIC_GDS',
) {
  const response = await call(app, 'userSwitch', { cookie, unit, form: { user, teamId } });
  expect(response.statusCode, response.body).toBe(200);
  const switched = sessionCookieOf(response);
  if (!switched) throw new Error('no session cookie after the switch');
  expect(switched).not.toBe(cookie);
  return { cookie: switched, body: response.json<{ status: string; userData: ProfileUser }>() };
}

export async function teamInfo(app: FastifyInstance, cookie: string | undefined) {
  const response = await call(app, 'getTeamInfo', { cookie });
  return { status: response.statusCode, body: response.json<TeamInfo>() };
}

type TeamInfo = ResponseOf<typeof ENDPOINTS.getTeamInfo>;

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
