import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { profileUserSchema, teamSchema } from './schemas.ts';

/** The profile: the user's team and the user with role and permissions. */
export const getTeamInfo = defineEndpoint({
  name: 'getTeamInfo',
  method: 'GET',
  path: '/api/team/info',
  access: privateAccess(),
  response: z.object({
    team: teamSchema,
    user: profileUserSchema,
    /**
     * platformAdmin: the signed-in person may use /admin. switch: set while a platform admin
     * acts as this user (every page shows "Acting as {email} in {team} — Return to admin").
     */
    admin: z
      .object({
        platformAdmin: z.boolean(),
        switch: z.object({ adminEmail: z.string(), expiresAt: z.string() }).nullable(),
      })
      .default({ platformAdmin: false, switch: null }),
  }),
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
