import type { Handlers } from '../../http/route.ts';
import type { StatsService } from './stats.service.ts';

/**
 * The Stats screen's call (view_stats) and the account flags the Data Sources screen shows any
 * member (access declared in the contract).
 */
export function statsHandlers(deps: {
  stats: StatsService;
}): Pick<Handlers, 'getStats' | 'getAccountFlags'> {
  return {
    getStats: async ({ user, query }) => deps.stats.stats(user.teamId, query),
    getAccountFlags: async ({ user }) => deps.stats.accountFlags(user.teamId),
  };
}
