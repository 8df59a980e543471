import type { Handlers } from '../../http/route.ts';
import { addonsOf } from '../team/team-plan.service.ts';
import type { DataSourcesService } from './data-sources.service.ts';

/** The catalog (public: the /auth page needs it signed out), the screen, delete and restore. */
export function dataSourcesHandlers(deps: {
  dataSources: DataSourcesService;
}): Pick<Handlers, 'getConnectorConfig' | 'getGroupedData' | 'deleteAccount' | 'restoreAccount'> {
  const { dataSources } = deps;
  return {
    // The team row came with the session, read in this request's one statement.
    getConnectorConfig: ({ user, query }) =>
      Promise.resolve(
        dataSources.connectorConfig(addonsOf(user?.team ?? null), query.all === 'true'),
      ),
    getGroupedData: async ({ user }) => dataSources.groupedData(user),
    deleteAccount: async ({ user, params }) => dataSources.deleteAccount(user, params.accountId),
    restoreAccount: async ({ user, params }) => dataSources.restoreAccount(user, params.accountId),
  };
}
