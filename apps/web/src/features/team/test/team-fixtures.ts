import {
  DEFAULT_ROLES,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_LABELS,
  PERMISSIONS,
  type ActivityEntry,
  type Invitation,
  type Permission,
  type Role,
} from '@gds/contract';
import { useAppStore } from '../../../lib/app-store.ts';
import {
  daysFromNow,
  sessionUser,
  signedInRoutes,
  teamInfo,
  teamUsersBody,
} from '../../../test/fixtures.ts';
import { mockApi, type MockRoutes } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

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
export function mockTeamApi(permissions: Record<string, boolean>, extra: MockRoutes = {}) {
  return mockApi({
    ...signedInRoutes({ body: teamInfo(permissions) }),
    getTeamUsers: { body: teamUsersBody() },
    getRoles: { body: rolesBody() },
    getInvitations: { body: { invitations: [] } },
    getActivity: { body: { entries: [], nextBefore: null, actors: [] } },
    ...extra,
  });
}

/** Signs in with these permissions and opens the Team screen (or another address). */
export function openTeam(permissions: Record<string, boolean>, path = '/team') {
  useAppStore.getState().setUser(sessionUser(permissions));
  return renderApp(path);
}

export { holdRequests } from '../../../test/hold-requests.ts';
