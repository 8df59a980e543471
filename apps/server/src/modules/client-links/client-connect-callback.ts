import type { FastifyRequest } from 'fastify';
import { CLIENT_CONNECT_RESULT_PATH, findConnectorByName } from '@gds/contract';
import type { ConnectionResult, ConnectorDefinition } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { OauthStateRow } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ConnectionDeps } from '../connection/connection-deps.ts';
import { CONNECTION_MESSAGES } from '../connection/connection-messages.ts';
import { failure, finishConsent } from '../connection/connection-oauth.ts';
import type { CallbackQuery } from '../connection/connection-oauth.ts';
import { recordConnectionResult } from '../connection/connection-results.service.ts';
import type { ClientCallback } from '../connection/oauth-callback.routes.ts';
import { redeemConnectionState } from '../connection/connection-state.ts';
import { ConnectRefused } from '../credentials/store-credential.ts';
import type { StoredCredential } from '../credentials/store-credential.ts';
import type { ClientBrowserCookie } from './client-browser-cookie.ts';
import { readClientBrowser } from './client-browser-cookie.ts';
import { CLIENT_LINK_MESSAGES } from './client-link-messages.ts';
import { statusOf } from './client-links.mappers.ts';
import { createClientLinksRepository } from './client-links.repository.ts';

/**
 * The provider's callback for a connection a client started from a link. Only a state made
 * for this browser (its client cookie) and this connector counts; anything else is left to
 * the signed-in flow. The accounts land in the link's team, credited to the client's email,
 * and the link's use is counted in the same transaction (a single-use link cannot be used
 * twice, even by two tabs racing). The outcome is recorded for this browser and shown on the
 * client's own page, never the team's app.
 */
export function clientCallback(deps: {
  connect: ConnectionDeps;
  cookie: ClientBrowserCookie;
}): ClientCallback {
  const { connect } = deps;
  return async (req, nameSimple, query) => {
    const browser = readClientBrowser(req, deps.cookie);
    const connector = findConnectorByName(nameSimple);
    if (!browser || !query.state || !connector) return null;
    const redeemed = await redeemConnectionState(connect, {
      holder: { kind: 'client', browser },
      state: query.state,
      connectorId: connector.id,
    });
    if (redeemed.kind === 'none' || !redeemed.teamId) return null;
    const { teamId } = redeemed;
    const result = await outcome(req, () =>
      redeemed.kind === 'valid'
        ? finish(connect, req, { row: redeemed.row, query, connector, teamId })
        : Promise.resolve(failure(CONNECTION_MESSAGES.stale, connector.id)),
    );
    return recordConnectionResult(
      connect,
      { sessionToken: browser, userId: null, teamId },
      result,
      CLIENT_CONNECT_RESULT_PATH,
    );
  };
}

function finish(
  connect: ConnectionDeps,
  req: FastifyRequest,
  input: {
    row: OauthStateRow;
    query: CallbackQuery;
    connector: ConnectorDefinition;
    teamId: string;
  },
): Promise<ConnectionResult> {
  const { row, teamId } = input;
  const linkId = row.client_link_id ?? '';
  const email = row.client_email ?? '';
  return finishConsent(connect, {
    connector: input.connector,
    row,
    query: input.query,
    log: req.log,
    credit: {
      teamId,
      userId: null,
      client: { email, linkId },
      guard: (tx) => claimUse(connect, tx, teamId, linkId),
      after: (tx, stored) => recordUse(tx, { teamId, linkId, email, stored, row }),
    },
  });
}

/** Counts the link's use, or refuses with why it no longer works. */
async function claimUse(connect: ConnectionDeps, tx: Db, teamId: string, linkId: string) {
  const repo = createClientLinksRepository(tx);
  const now = connect.clock();
  if ((await repo.claimUse(teamId, linkId, now)) !== undefined) return;
  const link = await repo.find(teamId, linkId);
  const status = link ? statusOf(link, now) : 'revoked';
  throw new ConnectRefused(
    CLIENT_LINK_MESSAGES.dead(status === 'active' ? 'used' : status, link?.team_name ?? 'the team'),
  );
}

/**
 * A connection that could add none of its accounts (the plan is full) is refused as a whole:
 * nothing stored, the link not used up. A reconnect keeps the accounts it had, so it is never
 * refused for that. Otherwise the use is in the team's activity log.
 */
async function recordUse(
  tx: Db,
  input: {
    teamId: string;
    linkId: string;
    email: string;
    stored: StoredCredential;
    row: OauthStateRow;
  },
) {
  const { stored, row } = input;
  const reconnect = row.credential_id !== null;
  if (!reconnect && stored.accountsAdded === 0 && stored.accountsSkipped > 0) {
    const team = await createClientLinksRepository(tx).find(input.teamId, input.linkId);
    throw new ConnectRefused(
      CLIENT_LINK_MESSAGES.allSkipped(team?.team_name ?? 'The team', stored.accountsSkipped),
    );
  }
  await recordAudit(tx, {
    teamId: input.teamId,
    actorUserId: null,
    action: 'client_link.use',
    details: {
      clientLinkId: input.linkId,
      connectorId: input.row.connector_id,
      email: input.email,
      credentialName: stored.credential.name,
      accountsAdded: stored.accountsAdded,
      accountsSkipped: stored.accountsSkipped,
      ...(reconnect ? { credentialId: stored.credential.id, reconnected: true } : {}),
    },
  });
}

/** Our own failure is an outcome too: the client reads it and tries again. */
async function outcome(
  req: FastifyRequest,
  run: () => Promise<ConnectionResult>,
): Promise<ConnectionResult> {
  try {
    return await run();
  } catch (error) {
    req.log.error({ err: error }, 'finishing a client connection failed');
    return failure('Something went wrong on our side. Please open the link again and retry.');
  }
}
