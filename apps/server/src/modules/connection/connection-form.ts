import type { FastifyBaseLogger } from 'fastify';
import { findConnector } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import type { ResponseOf, connections } from '@gds/contract';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { ConnectRefused, storeCredential } from '../credentials/store-credential.ts';
import { storedFormFields } from '../credentials/stored-form-fields.ts';
import { discoverFormCredential } from '../providers/discover.ts';
import { ProviderError, isHeaderSafe, logProviderFailure } from '../providers/provider-http.ts';
import type { ConnectionDeps } from './connection-deps.ts';
import { connectionDeadline } from './connection-deps.ts';
import { CONNECTION_MESSAGES, providerFailureMessage } from './connection-messages.ts';
import { peekConnectionState, redeemConnectionState } from './connection-state.ts';

type FormLoginResult = ResponseOf<typeof connections.submitFormLogin>;

const failure = (error: string): FormLoginResult => ({
  success: false,
  redirectUri: null,
  credential: null,
  accountsAdded: 0,
  accountsSkipped: 0,
  error,
});

/**
 * Form login: the body is the connector's login fields plus the state from startConnection.
 * The fields are checked against the catalog before the state is used up (a typo does not
 * cost a new form), then with the provider before anything is stored. The fields are secrets:
 * stored encrypted like tokens, never in clear. A refusal answers success false.
 *
 * Reconnecting a stored login replaces its key in place: a field left empty keeps the value
 * stored, so one key or secret can be rotated without retyping the rest. The stored fields
 * stay in use until the provider accepts the new ones; a refusal changes nothing.
 */
export async function submitFormLogin(
  deps: ConnectionDeps,
  input: {
    user: SessionUser;
    sessionToken: string;
    body: Record<string, string>;
    log: FastifyBaseLogger;
  },
): Promise<FormLoginResult> {
  const { user } = input;
  const { state, ...fields } = input.body;
  if (!state) return failure(CONNECTION_MESSAGES.formStale);
  const holder = { kind: 'member', sessionToken: input.sessionToken, user } as const;
  const peeked = await peekConnectionState(deps, { holder, state });
  const connector =
    peeked.kind === 'valid' ? findConnector(peeked.row.connector_id ?? 0) : undefined;
  if (!connector || connector.auth !== 'form') return failure(CONNECTION_MESSAGES.formStale);
  const replacing = peeked.kind === 'valid' ? peeked.row.credential_id : null;
  if (replacing) {
    const stored = await storedFormFields(deps, user.teamId, replacing);
    for (const field of connector.loginFields ?? []) {
      const typed = fields[field.fieldName];
      const kept = stored[field.fieldName];
      if (!typed?.trim() && kept !== undefined) fields[field.fieldName] = kept;
    }
  }
  checkFields(connector.loginFields ?? [], fields);
  checkSendable(connector, fields);
  const redeemed = await redeemConnectionState(deps, { holder, state, connectorId: connector.id });
  if (redeemed.kind !== 'valid') return failure(CONNECTION_MESSAGES.formStale);
  const { row } = redeemed;
  const provider = deps.providers.find(connector.id);
  if (!provider) return failure(`${connector.name} is not available on this server yet.`);

  try {
    const found = await discoverFormCredential(provider, fields, connectionDeadline(deps));
    const stored = await storeCredential(deps, {
      teamId: user.teamId,
      userId: user.id,
      connector,
      reconnect: row.credential_id,
      identity: found.identity,
      accounts: found.accounts,
      secret: {
        access: JSON.stringify(fields),
        refresh: undefined,
        expiresAt: null,
        scopes: '',
        // A key or password lasts until someone changes it: nothing to forecast.
        expiry: null,
      },
    });
    return {
      success: true,
      redirectUri: row.return_uri,
      credential: stored.credential,
      accountsAdded: stored.accountsAdded,
      accountsSkipped: stored.accountsSkipped,
      error: null,
    };
  } catch (error) {
    if (error instanceof ConnectRefused) return failure(error.message);
    if (!(error instanceof ProviderError)) throw error;
    logProviderFailure(input.log, connector, error, 'form login failed at the provider');
    if (error.kind === 'refused') return failure(CONNECTION_MESSAGES.formRefused(connector.name));
    throw new AppError('BAD_GATEWAY', providerFailureMessage(connector.name, error));
  }
}

/** Exactly the connector's login fields, each filled in: every login field is required. */
function checkFields(
  loginFields: ReadonlyArray<{ fieldName: string; label: string }>,
  fields: Record<string, string>,
): void {
  const names = new Set(loginFields.map((f) => f.fieldName));
  for (const key of Object.keys(fields)) {
    if (!names.has(key))
      throw new AppError('VALIDATION_FAILED', `${key} is not a field of this login form.`, key);
  }
  for (const field of loginFields) {
    if (!fields[field.fieldName]?.trim()) {
      throw new AppError('VALIDATION_FAILED', `${field.label} is required.`, field.fieldName);
    }
  }
}

/**
 * Login fields travel to the provider in headers (API keys, tokens, Basic credentials), where
 * only visible ASCII arrives as typed. A value with an accent or a foreign character cannot be
 * the right one, so it is refused as an invalid login before any call; the form stays usable.
 */
function checkSendable(
  connector: Pick<ConnectorDefinition, 'name' | 'loginFields'>,
  fields: Record<string, string>,
): void {
  for (const field of connector.loginFields ?? []) {
    if (isHeaderSafe(fields[field.fieldName] ?? '')) continue;
    throw new AppError(
      'LOGIN_FAILED',
      `${field.label} has a character that cannot be sent to ${connector.name} (such as an accented letter). Check it and try again.`,
      field.fieldName,
    );
  }
}
