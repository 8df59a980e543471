import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { profileUserSchema, teamSchema, teamUserSchema } from './schemas.ts';

/** The profile: the user's team and the user with role and permissions. */
export const getTeamInfo = defineEndpoint({
  name: 'getTeamInfo',
  method: 'GET',
  path: '/api/team/info',
  access: privateAccess(),
  response: z.object({ team: teamSchema, user: profileUserSchema }),
  errors: [],
});

export const teamNameSchema = singleLineText('Team name')
  .trim()
  .min(1, 'Team name is required')
  .max(80, 'Team name must be 80 characters or fewer');

export const updateTeamInfo = defineEndpoint({
  name: 'updateTeamInfo',
  method: 'PUT',
  path: '/api/team/info',
  access: privateAccess('edit_team'),
  body: z.object({ name: teamNameSchema }),
  response: z.object({ team: teamSchema }),
  errors: ['VALIDATION_FAILED'],
});

export const getTeamUsers = defineEndpoint({
  name: 'getTeamUsers',
  method: 'GET',
  path: '/api/team/users',
  access: privateAccess(),
  response: z.object({ users: z.array(teamUserSchema) }),
  errors: [],
});
