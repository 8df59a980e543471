import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { emailSchema, idSchema, teamUserSchema } from './schemas.ts';

/**
 * Members of the caller's team. `seats` counts members plus pending invitations against the
 * plan's user limit: an invitation holds its seat until it is accepted, revoked or expires.
 */
export const getTeamUsers = defineEndpoint({
  name: 'getTeamUsers',
  method: 'GET',
  path: '/api/team/users',
  access: privateAccess(),
  response: z.object({
    users: z.array(teamUserSchema),
    seats: z.object({
      members: z.number().int(),
      pendingInvitations: z.number().int(),
      limit: z.number().int(),
    }),
  }),
  errors: [],
});

/** One member of the caller's team by email; any other email (or another team's) is a 404. */
export const getTeamUser = defineEndpoint({
  name: 'getTeamUser',
  method: 'GET',
  path: '/api/team/user',
  access: privateAccess(),
  query: z.object({ user_email: emailSchema }),
  response: z.object({ user: teamUserSchema }),
  errors: ['NOT_FOUND'],
});

/** Gives a member another role of the team. The last Super Admin cannot be demoted (409). */
export const updateTeamUser = defineEndpoint({
  name: 'updateTeamUser',
  method: 'PUT',
  path: '/api/team/user',
  access: privateAccess('manage_members'),
  body: z.object({ userId: idSchema, roleId: idSchema }),
  response: z.object({ user: teamUserSchema }),
  errors: ['NOT_FOUND', 'CONFLICT'],
});

/**
 * Removes a member: their sessions end at once and the data-source credentials they
 * authorised move to `transferTo` (default: the caller), so every account keeps working.
 * The last Super Admin cannot be removed (409); removing yourself is "leave" (400 here).
 */
export const removeTeamUser = defineEndpoint({
  name: 'removeTeamUser',
  method: 'DELETE',
  path: '/api/team/user',
  access: privateAccess('manage_members'),
  query: z.object({ id: idSchema, transferTo: idSchema.optional() }),
  response: z.object({ success: z.literal(true), credentialsTransferred: z.number().int() }),
  errors: ['NOT_FOUND', 'CONFLICT', 'VALIDATION_FAILED'],
});

/**
 * The caller leaves the team: their credentials move to `transferTo` (default: the longest-
 * standing Super Admin), their sessions end. The last Super Admin cannot leave a team that has
 * other members (409: make someone else Super Admin first).
 */
export const leaveTeam = defineEndpoint({
  name: 'leaveTeam',
  method: 'POST',
  path: '/api/team/leave',
  access: privateAccess(),
  body: z.object({ transferTo: idSchema.optional() }),
  response: z.object({ success: z.literal(true) }),
  errors: ['CONFLICT', 'NOT_FOUND'],
});
