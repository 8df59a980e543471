import { findConnector } from '@gds/contract';
import type { ConnectorDefinition, ResponseOf, dataSourceFields } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findAccount } from '../credentials/credentials.service.ts';
import type {
  ReportAccount,
  ReportFetcher,
  ReportFetchers,
  ReportSchema,
} from '../reports/report-fetcher.ts';
import { reportAccountOf } from '../reports/report-fetcher.ts';
import { toCatalogueFields } from './field-catalogues.mappers.ts';

type FieldCatalogue = ResponseOf<typeof dataSourceFields.getAccountFields>;

/**
 * The account a connector's standard catalogue is built for: no account's own fields, and
 * money in no particular currency (shown as the account's currency once one is connected).
 */
const STANDARD_ACCOUNT: ReportAccount = { externalId: '', name: '', currency: null, details: {} };

/**
 * The field explorer on Data Sources: the fields a report can ask of an account, read through
 * the same schema the data API answers Looker Studio with, so the two never disagree.
 */
export function createFieldCataloguesService(deps: {
  db: Db;
  fetchers: ReportFetchers;
  /**
   * An account's fields as the data API answers them (its provider's list where it has one,
   * stored and kept fresh, such as a GA4 property's custom dimensions).
   */
  accountSchema: (
    teamId: string,
    account: { id: string; report: ReportAccount },
    fetcher: ReportFetcher,
  ) => Promise<ReportSchema>;
}) {
  const fetcherOf = (connector: ConnectorDefinition) => {
    const fetcher = deps.fetchers.find(connector.nameSimple);
    if (!fetcher) {
      throw new AppError(
        'NOT_FOUND',
        `Reports are not available for ${connector.name} yet, so it has no field list.`,
      );
    }
    return fetcher;
  };

  return {
    /** One of the team's live accounts' fields; another team's account is not found. */
    async accountFields(teamId: string, accountId: string): Promise<FieldCatalogue> {
      const account = await findAccount(deps.db, teamId, accountId);
      const connector = account && findConnector(account.connector_id);
      if (!account || account.deleted_at || !connector) throw notFound('That account');
      const { fields } = await deps.accountSchema(
        teamId,
        { id: account.id, report: reportAccountOf(account) },
        fetcherOf(connector),
      );
      return {
        connectorId: connector.id,
        account: { id: account.id, name: account.name },
        fields: toCatalogueFields(fields),
      };
    },

    /** A connector's standard catalogue, before any account of it is connected. */
    connectorFields(connectorId: number): FieldCatalogue {
      const connector = findConnector(connectorId);
      if (!connector) throw notFound('That data source');
      const { fields } = fetcherOf(connector).schema(STANDARD_ACCOUNT);
      return { connectorId: connector.id, account: null, fields: toCatalogueFields(fields) };
    },
  };
}

export type FieldCataloguesService = ReturnType<typeof createFieldCataloguesService>;
