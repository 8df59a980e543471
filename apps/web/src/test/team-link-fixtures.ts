import { ENDPOINTS, type Endpoint, type ResponseOf } from '@gds/contract';
import { appConfig, profileUser, team } from './fixtures.ts';
import type { Reply } from './mock-api.ts';

/** The mock-api key of a contract endpoint, e.g. "GET /api/team/info". */
export function on(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

export const INVITE_TOKEN = 'inv_abcdefghijklmnopqrstuvwxyz';

type InvitationInfo = ResponseOf<typeof ENDPOINTS.getInvitationInfo>;
type Viewer = NonNullable<InvitationInfo['viewer']>;

export function invitationInfo(overrides: Partial<InvitationInfo> = {}): InvitationInfo {
  return {
    status: 'pending',
    teamName: 'Northwind Media',
    email: 'ann@acme.test',
    roleName: 'Admin',
    invitedByName: 'Nora West',
    expiresAt: '2026-03-21T10:00:00.000Z',
    viewer: null,
    ...overrides,
  };
}

export function viewer(overrides: Partial<Viewer> = {}): Viewer {
  return {
    email: 'ann@acme.test',
    isInvitee: true,
    isMember: false,
    currentTeamName: 'Acme Agency',
    leavesEmptyTeam: false,
    credentialCount: 0,
    blockedReason: null,
    ...overrides,
  };
}

type Profile = ResponseOf<typeof ENDPOINTS.getTeamInfo>;

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    team,
    user: profileUser({ manage_data_sources: true }),
    admin: { platformAdmin: false, switch: null },
    ...overrides,
  };
}

/** What every signed-in screen asks for at start-up, answering `teamInfo` for the profile. */
export function signedInRoutes(teamInfo: Reply): Record<string, Reply> {
  return {
    [on(ENDPOINTS.getConfig)]: { body: appConfig },
    [on(ENDPOINTS.getConnectorConfig)]: { body: {} },
    [on(ENDPOINTS.getTeamInfo)]: teamInfo,
    [on(ENDPOINTS.getTeamUsers)]: {
      body: { users: [], seats: { members: 1, pendingInvitations: 0, limit: 5 } },
    },
  };
}
