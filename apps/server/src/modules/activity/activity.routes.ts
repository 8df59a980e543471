import type { Handlers } from '../../http/route.ts';
import type { ActivityService } from './activity.service.ts';

/** The team's activity log (view_activity, declared in the contract). */
export function activityHandlers(deps: {
  activity: ActivityService;
}): Pick<Handlers, 'getActivity'> {
  return {
    getActivity: async ({ user, query }) => deps.activity.page(user.teamId, query),
  };
}
