import { z } from 'zod';
import { BUSINESS_UNITS } from '../business-units.ts';
import { PERMISSIONS } from '../permissions.ts';
import { singleLineText } from '../text-schema.ts';

/** Shapes shared by several endpoints. */

export const businessUnitSchema = z.enum(BUSINESS_UNITS);

export const permissionMapSchema = z.partialRecord(z.enum(PERMISSIONS), z.boolean());

/** Route names the app may return to after sign-in (nextUrl is a route name, never an address). */
export const routeNameSchema = singleLineText('The route name').regex(
  /^[A-Za-z][A-Za-z0-9]{0,39}$/,
  'must be a route name such as Team or Billing',
);

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  businessUnit: businessUnitSchema,
  planId: z.string(),
  userLimit: z.number().int(),
  accountLimit: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

/** The signed-in user as the profile call answers it. */
export const profileUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  permissions: permissionMapSchema,
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

/** One row of the team's members list. */
export const teamUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  joinedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

export const successSchema = z.object({ success: z.literal(true) });
