import { ENDPOINTS } from '@gds/contract';
import type { Route } from '../../http/route.ts';
import type { DataSourcesService } from './data-sources.service.ts';

/** Data sources: for now the connectors catalog (public: the /auth page needs it signed out). */
export function registerDataSourcesRoutes(
  route: Route,
  deps: { dataSources: DataSourcesService },
): void {
  const { dataSources } = deps;
  route(ENDPOINTS.getConnectorConfig, async ({ user, query }) => {
    const addons = await dataSources.teamAddons(user?.teamId ?? null);
    return dataSources.connectorConfig(addons, query.all === 'true');
  });
}
