import { isAllowedReturnAddress } from '@gds/contract';
import { findConnector } from '@gds/contract';
import type { ResponseOf, connections } from '@gds/contract';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { credentialsOfConnector, findCredential } from '../credentials/credentials.service.ts';
import { connectorAvailability } from '../providers/availability.ts';
import { assertTeamCanGrow, teamAddons } from '../team/team-plan.service.ts';
import type { ConnectionDeps } from './connection-deps.ts';
import { CONNECTION_MESSAGES } from './connection-messages.ts';
import { issueConnectionState } from './connection-state.ts';

type StartQuery = {
  integration_type: number;
  masterEmail?: string | undefined;
  business_unit?: string | undefined;
  credentialId?: string | undefined;
  redirectUri?: string | undefined;
};

/**
 * Starts connecting a connector: checks the request against the session and the plan, stores
 * a state bound to this browser session and connector (used at most once, within 10 minutes),
 * and answers the provider's consent address with PKCE where supported (OAuth) or the state
 * for the login form. Each provider returns to its own callback.
 */
export async function startConnection(
  deps: ConnectionDeps,
  input: { user: SessionUser; sessionToken: string; origin: string; query: StartQuery },
): Promise<ResponseOf<typeof connections.startConnection>> {
  const { user, query } = input;
  const connector = findConnector(query.integration_type);
  if (!connector) throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.unknownConnector);
  if (
    query.masterEmail !== undefined &&
    query.masterEmail.toLowerCase() !== user.email.toLowerCase()
  ) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This is not the email of the signed-in user.',
      'masterEmail',
    );
  }
  if (query.business_unit !== undefined && query.business_unit !== user.teamUnit) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This is not your team’s business unit.',
      'business_unit',
    );
  }
  // A new login needs a live plan; reconnecting one the team has keeps its accounts working.
  if (query.credentialId === undefined) {
    await assertTeamCanGrow(deps.db, user.teamId, deps.clock(), 'connect');
  }
  const addons = await teamAddons(deps.db, user.teamId);
  const availability = connectorAvailability(connector, addons, deps.providers);
  const provider = deps.providers.find(connector.id);
  if (!availability.allowed || !provider) {
    throw new AppError(
      'FORBIDDEN',
      availability.allowed ? CONNECTION_MESSAGES.unknownConnector : availability.reason,
    );
  }
  let returnUri: string | null = null;
  if (query.redirectUri !== undefined) {
    returnUri = isAllowedReturnAddress(query.redirectUri, deps.config.gdsRedirectAllowlist);
    if (!returnUri)
      throw new AppError('VALIDATION_FAILED', 'This return address is not allowed', 'redirectUri');
  }
  if (query.credentialId !== undefined) {
    const target = await findCredential(deps.db, user.teamId, query.credentialId);
    if (!target || target.connector_id !== connector.id)
      throw new AppError('NOT_FOUND', 'That login was not found.');
  }

  const { state, authUri } = await issueConnectionState(deps, {
    holder: { kind: 'member', sessionToken: input.sessionToken, user },
    facts: { kind: 'member', credentialId: query.credentialId ?? null, returnUri },
    connector,
    provider,
    origin: input.origin,
  });
  const existing = await credentialsOfConnector(deps.db, user.teamId, connector.id);
  return {
    authUri,
    state: authUri === null ? state : null,
    credentials: existing.map((c) => ({ id: c.id, name: c.display_name })),
    gdsRedirectUri: returnUri,
    error: null,
  };
}
