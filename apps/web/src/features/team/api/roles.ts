import { ENDPOINT_ROUTES, type Permission, type ResponseOf } from '@gds/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { TEAM_KEYS, refreshAfterChange } from './team-query-keys.ts';

export type RolesData = ResponseOf<typeof ENDPOINT_ROUTES.getRoles>;
export type PermissionIdentifier = RolesData['identifiers'][number];

/** The team's roles and the permissions a role may hold (GET /api/team/roles, any member). */
export const rolesQueryOptions = queryOptions({
  queryKey: TEAM_KEYS.roles,
  queryFn: ({ signal }): Promise<RolesData> => apiCall(ENDPOINT_ROUTES.getRoles, { signal }),
});

export function useRoles() {
  return useQuery(rolesQueryOptions);
}

export interface RoleInput {
  name: string;
  permissions: readonly Permission[];
}

/** Permissions travel as one comma-separated form field. */
const toBody = ({ name, permissions }: RoleInput) => ({ name, permissions: permissions.join(',') });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) =>
      apiCall(ENDPOINT_ROUTES.createRole, { body: { isEdit: 'false', ...toBody(input) } }),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.roles]),
  });
}

/**
 * Renaming shows in the members list; new permissions may be the caller's own, so the
 * profile (and with it what this screen offers) is fetched again.
 */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RoleInput & { id: string }) =>
      apiCall(ENDPOINT_ROUTES.updateRole, { body: { isEdit: 'true', id, ...toBody(input) } }),
    onSuccess: () =>
      refreshAfterChange(queryClient, [TEAM_KEYS.roles, TEAM_KEYS.users, TEAM_KEYS.info]),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(ENDPOINT_ROUTES.deleteRole, { query: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, [TEAM_KEYS.roles]),
  });
}
