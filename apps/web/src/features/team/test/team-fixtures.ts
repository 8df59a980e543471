import {
  DEFAULT_ROLES,
  ENDPOINTS,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type ActivityEntry,
  type Endpoint,
  type Invitation,
  type Permission,
  type Role,
  type TeamUser,
} from '@gds/contract';
import { vi } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { appConfig, profileUser, sessionUser, team } from '../../../test/fixtures.ts';
import { mockApi, type Reply } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

/** The mock API's key for a contract endpoint: the same method and path the client calls. */
export const at = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

const DAY = 24 * 3600 * 1000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function member(overrides: Partial<TeamUser> & Pick<TeamUser, 'id' | 'email'>): TeamUser {
  return {
    name: '',
    firstName: '',
    lastName: '',
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

/** Ann (the signed-in user, Super Admin) and Bob, a Member who authorised 3 logins. */
export const members: TeamUser[] = [
  member({
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
  }),
  member({
    id: 'user-2',
    email: 'bob@acme.test',
    name: 'Bob Stone',
    firstName: 'Bob',
    lastName: 'Stone',
    credentialCount: 3,
  }),
];

export function usersBody(users = members, pendingInvitations = 0, limit = team.userLimit) {
  return { users, seats: { members: users.length, pendingInvitations, limit } };
}

const ROLE_IDS = ['role-super', 'role-admin', 'role-member'];

export const roles: Role[] = DEFAULT_ROLES.map((role, index) => ({
  id: ROLE_IDS[index] ?? `role-${index}`,
  name: role.name,
  builtIn: index < 2,
  editable: index > 0,
  permissions: role.permissions,
  memberCount: index === 0 || index === 2 ? 1 : 0,
}));

export const identifiers = PERMISSIONS.map((name: Permission) => ({
  name,
  label: PERMISSION_LABELS[name],
  description: PERMISSION_DESCRIPTIONS[name],
}));

export const rolesBody = (list: Role[] = roles) => ({ roles: list, identifiers });

export function invitation(overrides: Partial<Invitation> & Pick<Invitation, 'id' | 'email'>) {
  return {
    roleId: 'role-member',
    roleName: 'Member',
    invitedBy: { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' },
    createdAt: daysFromNow(-1),
    expiresAt: daysFromNow(6),
    status: 'pending',
    ...overrides,
  } satisfies Invitation;
}

export function entry(id: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    at: daysFromNow(-Number(id) / 10),
    action: 'member.join',
    summary: `Entry ${id}`,
    actor: { id: 'user-1', name: 'Ann Lee', email: 'ann@acme.test' },
    actingAdmin: null,
    details: {},
    ...overrides,
  };
}

/** The calls every signed-in screen makes, plus the Team screen's own; `extra` overrides. */
export function mockTeamApi(
  permissions: Record<string, boolean>,
  extra: Record<string, Reply> = {},
) {
  return mockApi({
    [at(ENDPOINTS.getConfig)]: { body: appConfig },
    [at(ENDPOINTS.getConnectorConfig)]: { body: {} },
    [at(ENDPOINTS.getTeamInfo)]: { body: { team, user: profileUser(permissions) } },
    [at(ENDPOINTS.getTeamUsers)]: { body: usersBody() },
    [at(ENDPOINTS.getRoles)]: { body: rolesBody() },
    [at(ENDPOINTS.getInvitations)]: { body: { invitations: [] } },
    [at(ENDPOINTS.getActivity)]: {
      body: { entries: [], nextBefore: null, actors: [] },
    },
    ...extra,
  });
}

/** Signs in with these permissions and opens the Team screen (or another address). */
export function openTeam(permissions: Record<string, boolean>, path = '/team') {
  useAppStore.getState().setUser(sessionUser(permissions));
  return renderApp(path);
}

/**
 * Holds the calls to one endpoint until `release()`, as a slow server would, so a test can
 * click again while the first request is still in flight. `sent()` counts the calls made.
 */
export function holdRequests(endpoint: Endpoint) {
  const inner = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if ((init.method ?? 'GET') !== endpoint.method || url.pathname !== endpoint.path) {
      return inner(input, init);
    }
    count += 1;
    return gate.then(() => inner(input, init));
  });
  return { release, sent: () => count };
}
