import { CONNECTORS } from '@gds/contract';
import type { Account, ConnectorInfo, ResponseOf, dataSources } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { JsonText } from '../../http/json-text.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { connectorAvailability } from '../providers/availability.ts';
import type { ProviderDirectory } from '../providers/provider-directory.ts';
import { lockAccountLimit } from '../team/team-plan.service.ts';
import { createDataSourcesJsonRepository } from './data-sources-json.repository.ts';
import { retentionCutoff, toAccountAnswer, toGroupedData } from './data-sources.mappers.ts';
import { createDataSourcesRepository } from './data-sources.repository.ts';

type GroupedData = ResponseOf<typeof dataSources.getGroupedData>;
type AccountAnswer = JsonText<{ account: Account }>;

export const limitMessage = (limit: number) =>
  `Restoring this account would exceed your plan's limit of ${limit} accounts. Delete another account or add accounts in Billing.`;

/** The catalog shaped by the team's plan, the Data Sources screen, delete, restore, purge. */
export function createDataSourcesService(deps: {
  db: Db;
  clock: Clock;
  providers: ProviderDirectory;
  retentionDays: number;
}) {
  const repo = createDataSourcesRepository(deps.db);
  const jsonRepo = createDataSourcesJsonRepository(deps.db);
  const { retentionDays } = deps;
  // The public part of each connector, built once: provider addresses stay on the server.
  const catalog = CONNECTORS.map((connector) => {
    const { id, loginFields, ...rest } = connector;
    const info = {
      ...rest,
      ...(loginFields ? { loginFields: loginFields.map((field) => ({ ...field })) } : {}),
    };
    return { connector, key: String(id), info };
  });

  const accountOf = async (teamId: string, accountId: string): Promise<AccountAnswer> => {
    const json = await jsonRepo.account(teamId, accountId, retentionDays);
    if (json === undefined) throw notFound('That account');
    return toAccountAnswer(json);
  };

  return {
    /** The add-on modules of a team (none for a signed-out caller). */
    /**
     * The catalog keyed by connector id, with `allowed` as connectorAvailability decides (not
     * deprecated, add-on owned, a provider configured or sandboxed). Without `all` only
     * allowed ones. Provider addresses stay on the server.
     */
    connectorConfig(addons: ReadonlySet<string>, all: boolean): Record<string, ConnectorInfo> {
      const map: Record<string, ConnectorInfo> = {};
      for (const { connector, key, info } of catalog) {
        const { allowed, sandbox } = connectorAvailability(connector, addons, deps.providers);
        if (!allowed && !all) continue;
        map[key] = { ...info, allowed, sandbox };
      }
      return map;
    },

    /**
     * Every credential and account of the team by connector, in one statement whatever the
     * size; PostgreSQL writes the JSON of each credential (see data-sources-json.repository).
     */
    async groupedData(user: SessionUser): Promise<JsonText<GroupedData>> {
      const credentials = await jsonRepo.groupedCredentials(user.teamId, retentionDays);
      // The limit as read with the session this request: shown, not enforced, here.
      return toGroupedData(credentials, user.team.account_limit, retentionDays);
    },

    /**
     * Moves an account to Deleted (again: no change), with its audit entry, in one statement.
     * Another team's account is not found.
     */
    async deleteAccount(user: SessionUser, accountId: string): Promise<AccountAnswer> {
      await repo.markDeleted(
        accountId,
        { at: deps.clock(), by: user.id },
        auditActor({
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'data_source.account_delete',
        }),
      );
      return accountOf(user.teamId, accountId);
    },

    /**
     * Brings a deleted account back as it was, within the retention period and the plan's
     * account limit (409 past it). The team row is locked first: two restores cannot both fit.
     */
    async restoreAccount(user: SessionUser, accountId: string): Promise<AccountAnswer> {
      const cutoff = retentionCutoff(deps.clock(), retentionDays);
      await deps.db.transaction().execute(async (tx) => {
        const limit = await lockAccountLimit(tx, user.teamId);
        const outcome = await createDataSourcesRepository(tx).restore(
          accountId,
          { cutoff, limit },
          auditActor({
            teamId: user.teamId,
            actorUserId: user.id,
            action: 'data_source.account_restore',
          }),
        );
        if (!outcome) throw notFound('That account');
        if (outcome.restored || !outcome.deleted_at) return;
        if (outcome.deleted_at <= cutoff) {
          throw new AppError('NOT_FOUND', 'That account was deleted too long ago to be restored.');
        }
        throw new AppError('CONFLICT', limitMessage(limit));
      });
      return accountOf(user.teamId, accountId);
    },

    /** Maintenance: accounts deleted longer than the retention period are purged for good. */
    async purgeDeletedAccounts(): Promise<number> {
      const purged = await repo.purgeDeletedBefore(retentionCutoff(deps.clock(), retentionDays));
      for (const row of purged) {
        await recordAudit(deps.db, {
          teamId: row.team_id,
          actorUserId: null,
          action: 'data_source.account_purge',
          details: {
            accountId: row.id,
            connectorId: row.connector_id,
            externalId: row.external_id,
          },
        });
      }
      return purged.length;
    },
  };
}

export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
