import type { ENDPOINTS, ResponseOf } from '@gds/contract';

/** An invitation link's token, shaped as the contract's link tokens are. */
export const INVITE_TOKEN = 'inv_abcdefghijklmnopqrstuvwxyz';

type InvitationInfo = ResponseOf<typeof ENDPOINTS.getInvitationInfo>;
type Viewer = NonNullable<InvitationInfo['viewer']>;

/** A pending invitation to Northwind Media for ann@acme.test, as someone signed out sees it. */
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

/** The signed-in invitee, a member of Acme Agency with nothing blocking the move. */
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
