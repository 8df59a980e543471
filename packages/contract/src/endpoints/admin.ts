import { z } from 'zod';
import { defineEndpoint, platformAdminAccess, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { businessUnitSchema, emailSchema, idSchema, profileUserSchema } from './schemas.ts';

export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessUnit: businessUnitSchema,
  createdAt: z.string(),
  members: z.array(
    z.object({ id: z.string(), email: z.string(), name: z.string(), roleName: z.string() }),
  ),
});

/** Platform admins find a team of this unit by team name or a member's email. */
export const searchTeams = defineEndpoint({
  name: 'searchTeams',
  method: 'GET',
  path: '/api/admin/teams',
  access: platformAdminAccess,
  query: z.object({
    q: singleLineText('The search').trim().min(2, 'Type at least 2 characters').max(120),
  }),
  response: z.object({ teams: z.array(adminTeamSchema) }),
  errors: ['VALIDATION_FAILED'],
});

/**
 * Spec: POST api/home/userSwitch with user and teamId; answers status 'Success' and userData.
 * Only a platform admin's own session may switch; the session id is rotated and the switched
 * session ends after ADMIN_SWITCH_MINUTES.
 */
export const userSwitch = defineEndpoint({
  name: 'userSwitch',
  method: 'POST',
  path: '/api/home/userSwitch',
  access: platformAdminAccess,
  body: z.object({ user: emailSchema, teamId: idSchema }),
  response: z.object({ status: z.literal('Success'), userData: profileUserSchema }),
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
});

/** Returns a switched session to the admin (session id rotated again). */
export const endUserSwitch = defineEndpoint({
  name: 'endUserSwitch',
  method: 'POST',
  path: '/api/home/userSwitch/end',
  access: privateAccess(),
  response: z.object({ status: z.literal('Success') }),
  errors: ['CONFLICT'],
});
