import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';
import { idSchema } from './schemas.ts';

/** Role names: unique per team (case-insensitive), 1–60 characters. */
export const roleNameSchema = singleLineText('Role name')
  .trim()
  .min(1, 'Role name is required')
  .max(60, 'Role name must be 60 characters or fewer');

/**
 * Permissions travel in a form as one comma-separated field (`permissions=edit_team,view_stats`);
 * an empty field grants nothing. Unknown names are refused, never ignored.
 */
export const permissionListSchema = singleLineText('Permissions')
  .max(500)
  .transform((text) =>
    text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(PERMISSIONS, { message: 'names an unknown permission' })))
  .transform((names) => [...new Set(names)]);

/**
 * A role of the team. Super Admin is built in (`builtIn`), holds every permission and cannot be
 * edited or deleted; Admin is built in and editable; the rest are the team's own.
 */
export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  editable: z.boolean(),
  /** Every permission name with true or false. */
  permissions: z.record(z.enum(PERMISSIONS), z.boolean()),
  memberCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

/** A permission the roles editor offers: its name, a short label and what it allows. */
export const permissionIdentifierSchema = z.object({
  name: z.enum(PERMISSIONS),
  label: z.string(),
  description: z.string(),
});

/** Spec: roles and identifiers (the permission names with labels). Any member may read them. */
export const getRoles = defineEndpoint({
  name: 'getRoles',
  method: 'GET',
  path: '/api/team/roles',
  access: privateAccess(),
  response: z.object({
    roles: z.array(roleSchema),
    identifiers: z.array(permissionIdentifierSchema),
  }),
  errors: [],
});

export const getRole = defineEndpoint({
  name: 'getRole',
  method: 'GET',
  path: '/api/team/role',
  access: privateAccess(),
  query: z.object({ role_id: idSchema }),
  response: z.object({ role: roleSchema }),
  errors: ['NOT_FOUND'],
});

/**
 * Creates a custom role (role payloads carry isEdit; false here). A team has at most 50 of its
 * own (409 at the cap). Role creates, changes and deletes are limited per team and hour (429).
 */
export const createRole = defineEndpoint({
  name: 'createRole',
  method: 'POST',
  path: '/api/team/role',
  access: privateAccess('manage_roles'),
  body: z.object({
    isEdit: z.enum(['false']).default('false'),
    name: roleNameSchema,
    permissions: permissionListSchema,
  }),
  response: z.object({ role: roleSchema }),
  errors: ['VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'],
});

/** Renames a role or changes its permissions (isEdit true). Super Admin is refused (409). */
export const updateRole = defineEndpoint({
  name: 'updateRole',
  method: 'PUT',
  path: '/api/team/role',
  access: privateAccess('manage_roles'),
  body: z.object({
    isEdit: z.enum(['true']).default('true'),
    id: idSchema,
    name: roleNameSchema,
    permissions: permissionListSchema,
  }),
  response: z.object({ role: roleSchema }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
});

/** Deletes a custom role; a built-in role or one with members is refused (409). */
export const deleteRole = defineEndpoint({
  name: 'deleteRole',
  method: 'DELETE',
  path: '/api/team/role',
  access: privateAccess('manage_roles'),
  query: z.object({ id: idSchema }),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
});
