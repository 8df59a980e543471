import { CONNECTORS } from '@gds/contract';
import type { ConnectorInfo } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { createDataSourcesRepository } from './data-sources.repository.ts';

/** Connector catalog answers, shaped by what the team's plan allows. */
export function createDataSourcesService(deps: { db: Db }) {
  const repo = createDataSourcesRepository(deps.db);
  return {
    /** The add-on modules of a team (none for a signed-out caller). */
    async teamAddons(teamId: string | null): Promise<ReadonlySet<string>> {
      return new Set(teamId ? await repo.teamAddons(teamId) : []);
    },

    /**
     * The catalog keyed by connector id. A connector is allowed when it is not deprecated
     * and, if sold as an add-on, the team has that add-on. Without `all` only allowed ones.
     */
    connectorConfig(addons: ReadonlySet<string>, all: boolean): Record<string, ConnectorInfo> {
      const map: Record<string, ConnectorInfo> = {};
      for (const connector of CONNECTORS) {
        const allowed =
          !connector.deprecated && (!connector.addon || addons.has(connector.nameSimple));
        if (!allowed && !all) continue;
        const { id, loginFields, ...rest } = connector;
        map[String(id)] = {
          ...rest,
          ...(loginFields ? { loginFields: loginFields.map((field) => ({ ...field })) } : {}),
          allowed,
        };
      }
      return map;
    },
  };
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
