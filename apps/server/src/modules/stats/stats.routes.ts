import type { Handlers } from '../../http/route.ts';
import type { StatsService } from './stats.service.ts';

/** The Stats screen's one call (view_stats, declared in the contract). */
export function statsHandlers(deps: { stats: StatsService }): Pick<Handlers, 'getStats'> {
  return {
    getStats: async ({ user, query }) => deps.stats.stats(user.teamId, query),
  };
}
