import { findConnector } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { countActiveAccounts } from '../credentials/credentials.service.ts';
import { connectorAvailability } from '../providers/availability.ts';
import type { ProviderDirectory } from '../providers/provider-directory.ts';
import { accountLimit, teamAddons } from '../team/team-plan.service.ts';
import { CLIENT_LINK_MESSAGES } from './client-link-messages.ts';

/**
 * The connector a client link may be for: an OAuth connector (a form login would have the
 * client type a password into our page) that the team may connect now (its add-on owned, a
 * provider configured). Throws the reason otherwise.
 */
export async function linkableConnector(
  deps: { db: Db; providers: ProviderDirectory },
  teamId: string,
  connectorId: number,
): Promise<ConnectorDefinition> {
  const connector = findConnector(connectorId);
  if (!connector) throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.unknownConnector);
  if (connector.auth !== 'oauth2') {
    throw new AppError('FORBIDDEN', CLIENT_LINK_MESSAGES.notOAuth(connector.name));
  }
  const availability = connectorAvailability(
    connector,
    await teamAddons(deps.db, teamId),
    deps.providers,
  );
  if (!availability.allowed) throw new AppError('FORBIDDEN', availability.reason);
  return connector;
}

/** How many accounts the team uses and may have: a link is only worth sending with room left. */
export async function accountRoom(db: Db, teamId: string) {
  const [used, limit] = await Promise.all([
    countActiveAccounts(db, teamId),
    accountLimit(db, teamId),
  ]);
  return { used, limit, full: used >= limit };
}
