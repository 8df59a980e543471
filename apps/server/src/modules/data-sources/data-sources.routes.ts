import type { Handlers } from '../../http/route.ts';
import type { DataSourcesService } from './data-sources.service.ts';

/** Data sources: for now the connectors catalog (public: the /auth page needs it signed out). */
export function dataSourcesHandlers(deps: {
  dataSources: DataSourcesService;
}): Pick<Handlers, 'getConnectorConfig'> {
  const { dataSources } = deps;
  return {
    getConnectorConfig: async ({ user, query }) => {
      const addons = await dataSources.teamAddons(user?.teamId ?? null);
      return dataSources.connectorConfig(addons, query.all === 'true');
    },
  };
}
