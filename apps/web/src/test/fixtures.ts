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
import type { MockRoutes, Reply } from './mock-api.ts';

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

const DAY = 24 * 3600 * 1000;
/** An ISO time `days` from now (negative: in the past), for what the screen shows as relative. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function teamUser(overrides: Partial<TeamUser> & Pick<TeamUser, 'id' | 'email'>): TeamUser {
  return {
    name: '',
    firstName: '',
    lastName: '',
    fullName: `${overrides.firstName ?? ''}${overrides.lastName ?? ''}`,
    image: '',
    roleId: 'role-member',
    roleName: 'Member',
    joinedAt: '2026-04-01T10:00:00.000Z',
    lastLoginAt: null,
    lastActiveAt: null,
    credentialCount: 0,
    ...overrides,
  };
}

/** Ann: the signed-in user, Super Admin, last active two days ago. */
export const ann = teamUser({
  id: 'user-1',
  email: 'ann@acme.test',
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  roleId: 'role-super',
  roleName: 'Super Admin',
  joinedAt: '2026-03-14T10:00:00.000Z',
  lastLoginAt: daysFromNow(-2),
  lastActiveAt: daysFromNow(-2),
});

/** Bob: a Member who never signed in and authorised 3 credentials. */
export const bob = teamUser({
  id: 'user-2',
  email: 'bob@acme.test',
  name: 'Bob Stone',
  firstName: 'Bob',
  lastName: 'Stone',
  credentialCount: 3,
});

export const teamUsers: TeamUser[] = [ann, bob];

/** The getTeamUsers answer: these users, plus pending invitations holding seats. */
export function teamUsersBody(
  users = teamUsers,
  pendingInvitations = 0,
): ResponseOf<typeof ENDPOINTS.getTeamUsers> {
  return { users, seats: { members: users.length, pendingInvitations, limit: team.userLimit } };
}

type TeamInfo = ResponseOf<typeof ENDPOINTS.getTeamInfo>;

/** The getTeamInfo answer: the team and Ann with these permissions, not a platform admin. */
export function teamInfo(
  permissions: ProfileUser['permissions'] = {},
  overrides: Partial<TeamInfo> = {},
): TeamInfo {
  return {
    team,
    user: profileUser(permissions),
    admin: { platformAdmin: false, switch: null },
    ...overrides,
  };
}

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
    dataApiBaseUrls: {},
    lookerStudioUrls: {},
  },
};

/** What every signed-in screen asks for at start-up, answering `profile` for getTeamInfo. */
export function signedInRoutes(profile: Reply<'getTeamInfo'>): MockRoutes {
  return {
    getConfig: { body: appConfig },
    getConnectorConfig: { body: {} },
    getTeamInfo: profile,
    getTeamUsers: { body: teamUsersBody() },
  };
}
