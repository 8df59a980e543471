import {
  DEFAULT_LOGIN_CHECK_INTERVAL_MS,
  DEFAULT_TOKEN_CHECK_INTERVAL_MS,
  type ENDPOINTS,
  type ProfileUser,
  type ResponseOf,
  type Team,
  type TeamUser,
} from '@gds/contract';
import type { SessionUser } from '../lib/app-store.ts';

export const team: Team = {
  id: 'team-1',
  name: 'Acme Agency',
  createdAt: '2026-03-14T10:00:00.000Z',
  businessUnit: 'MEGALYTIC_GDS',
  planId: 'basic-plan',
  userLimit: 5,
  accountLimit: 20,
};

export function profileUser(permissions: ProfileUser['permissions'] = {}): ProfileUser {
  return {
    id: 'user-1',
    email: 'ann@acme.test',
    name: 'Ann Lee',
    firstName: 'Ann',
    lastName: 'Lee',
    image: '',
    roleId: 'role-1',
    roleName: 'Member',
    permissions,
  };
}

export function sessionUser(permissions: SessionUser['permissions'] = {}): SessionUser {
  return {
    email: 'ann@acme.test',
    name: 'Ann Lee',
    image: '',
    roleName: 'Member',
    permissions,
  };
}

export const teamUsers: TeamUser[] = [
  {
    id: 'user-1',
    email: 'ann@acme.test',
    firstName: 'Ann',
    lastName: 'Lee',
    image: '',
    roleId: 'role-1',
    roleName: 'Super Admin',
    joinedAt: '2026-03-14T10:00:00.000Z',
    lastLoginAt: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'user-2',
    email: 'bob@acme.test',
    firstName: 'Bob',
    lastName: 'Stone',
    image: '',
    roleId: 'role-2',
    roleName: 'Member',
    joinedAt: '2026-04-01T10:00:00.000Z',
    lastLoginAt: null,
  },
];

/** The getConfig answer for tests: demo mode, timed checks at their defaults, no chat vendor. */
export const appConfig: ResponseOf<typeof ENDPOINTS.getConfig> = {
  config: {
    GOOGLE_CLIENT_ID: '',
    AMCHART_LICENSE: '',
    CHARGEBEE_SITE: '',
    gTagId: '',
    demoMode: true,
    loginCheckIntervalMs: DEFAULT_LOGIN_CHECK_INTERVAL_MS,
    tokenCheckIntervalMs: DEFAULT_TOKEN_CHECK_INTERVAL_MS,
    gdsRedirectAllowlist: [],
    chatWidget: null,
  },
};
