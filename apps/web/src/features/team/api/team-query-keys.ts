import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The Team screen's server state, one key each. Every change to the team is written to the
 * activity log, so whatever a change touches, the log is refetched with it.
 */
export const TEAM_KEYS = {
  info: ['team', 'info'],
  users: ['team', 'users'],
  invitations: ['team', 'invitations'],
  roles: ['team', 'roles'],
  activity: ['team', 'activity'],
  webhook: ['team', 'webhook'],
} as const satisfies Record<string, QueryKey>;

export function refreshAfterChange(queryClient: QueryClient, touched: readonly QueryKey[]): void {
  for (const queryKey of [...touched, TEAM_KEYS.activity]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
