import { connectorCallbackPath } from '@gds/contract';
import type { BusinessUnit, ConnectorDefinition } from '@gds/contract';
import type { OauthStateRow } from '../../db/schema.ts';
import type { SessionUser } from '../../http/request-context.ts';
import { authorizationUrl, newPkcePair } from '../providers/oauth2-client.ts';
import type { Provider } from '../providers/provider-directory.ts';
import { newToken } from '../sessions/session-token.ts';
import type { ConnectionDeps } from './connection-deps.ts';

/** A connection state lives 10 minutes and is used at most once. */
export const CONNECTION_STATE_TTL_MS = 10 * 60 * 1000;

/**
 * Who a connection's state belongs to: a signed-in member (bound to their session) or a
 * client connecting through a link (bound to the client's own browser cookie, no session).
 * A state made for one can never be redeemed by the other: each is stored and looked up
 * under its own purpose.
 */
export type ConnectionHolder =
  | { kind: 'member'; sessionToken: string; user: Pick<SessionUser, 'id' | 'teamId' | 'teamUnit'> }
  | { kind: 'client'; browser: string };

/** What a state remembers besides its holder, for the callback to act on. */
export type ConnectionStateFacts =
  | { kind: 'member'; credentialId: string | null; returnUri: string | null }
  | {
      kind: 'client';
      unit: BusinessUnit;
      teamId: string;
      linkId: string;
      email: string;
      /** A reconnect link's credential: the consent must sign in to that same login. */
      credentialId: string | null;
    };

/** What redeeming a state found. */
export type RedeemedState =
  /** Nothing of this holder: unknown, used, expired, another browser's or the other flow's. */
  | { kind: 'none' }
  /**
   * The holder's state, now used up, but not for this connector (or the member is no longer
   * who started it): the caller answers that the connection is stale, in the state's team.
   */
  | { kind: 'stale'; teamId: string | null }
  | { kind: 'valid'; row: OauthStateRow; teamId: string };

const PURPOSE = { member: 'connect', client: 'client_link' } as const;

const secretOf = (holder: ConnectionHolder) =>
  holder.kind === 'member' ? holder.sessionToken : holder.browser;

/**
 * Issues the state of a new connection: random, stored by hash under its holder's purpose,
 * usable once within 10 minutes, with the PKCE verifier when the provider takes PKCE. Answers
 * the state and, for an OAuth connector, the provider's consent address carrying it (a form
 * connector's state is posted back with the form instead).
 */
export async function issueConnectionState(
  deps: Pick<ConnectionDeps, 'clock' | 'states'>,
  input: {
    holder: ConnectionHolder;
    facts: ConnectionStateFacts;
    connector: ConnectorDefinition;
    provider: Provider;
    /** The app origin the browser is on: the provider sends it back to this origin. */
    origin: string;
  },
): Promise<{ state: string; authUri: string | null }> {
  const { holder, connector, provider } = input;
  const oauth2 = provider.api.oauth2;
  const state = newToken();
  const pkce = oauth2?.pkce ? newPkcePair() : undefined;
  const redirectUri = oauth2 ? `${input.origin}${connectorCallbackPath(connector.nameSimple)}` : '';
  const now = deps.clock();
  await deps.states.issue(state, secretOf(holder), {
    ...boundTo(holder, input.facts),
    purpose: PURPOSE[holder.kind],
    code_verifier: pkce?.verifier ?? '',
    nonce: '',
    redirect_uri: redirectUri,
    created_at: now,
    expires_at: new Date(now.getTime() + CONNECTION_STATE_TTL_MS),
    connector_id: connector.id,
  });
  return {
    state,
    authUri: oauth2
      ? authorizationUrl(provider, { state, redirectUri, codeChallenge: pkce?.challenge })
      : null,
  };
}

/**
 * Redeems a state: used up in one statement (two callbacks racing cannot both win), and only
 * by the holder it was issued to, in the flow it was issued for, for the connector it names.
 * A state brought to another connector is used up as well, so a code is never tried twice.
 */
export async function redeemConnectionState(
  deps: Pick<ConnectionDeps, 'clock' | 'states'>,
  input: { holder: ConnectionHolder; state: string; connectorId: number },
): Promise<RedeemedState> {
  const { holder } = input;
  const row = await deps.states.consume(
    input.state,
    secretOf(holder),
    deps.clock(),
    PURPOSE[holder.kind],
  );
  return judge(row, holder, input.connectorId);
}

/**
 * The state as redeeming would find it, without using it up: a form is checked before its
 * state is spent, so a typo does not cost a new form. The connector is the one it names.
 */
export async function peekConnectionState(
  deps: Pick<ConnectionDeps, 'clock' | 'states'>,
  input: { holder: ConnectionHolder; state: string },
): Promise<RedeemedState> {
  const { holder } = input;
  const row = await deps.states.peek(
    input.state,
    secretOf(holder),
    deps.clock(),
    PURPOSE[holder.kind],
  );
  return judge(row, holder, row?.connector_id ?? null);
}

/** The columns naming who the state is for and what its callback credits. */
function boundTo(holder: ConnectionHolder, facts: ConnectionStateFacts) {
  if (holder.kind === 'member' && facts.kind === 'member') {
    return {
      business_unit: holder.user.teamUnit,
      user_id: holder.user.id,
      team_id: holder.user.teamId,
      credential_id: facts.credentialId,
      return_uri: facts.returnUri,
    };
  }
  if (holder.kind === 'client' && facts.kind === 'client') {
    return {
      business_unit: facts.unit,
      team_id: facts.teamId,
      client_link_id: facts.linkId,
      client_email: facts.email,
      credential_id: facts.credentialId,
    };
  }
  throw new Error('a connection state’s facts belong to the other flow');
}

function judge(
  row: OauthStateRow | undefined,
  holder: ConnectionHolder,
  connectorId: number | null,
): RedeemedState {
  if (!row) return { kind: 'none' };
  const teamId = row.team_id;
  if (holder.kind === 'client' && !teamId) return { kind: 'none' };
  const fits =
    teamId !== null &&
    connectorId !== null &&
    row.connector_id === connectorId &&
    (holder.kind === 'member'
      ? row.user_id === holder.user.id && teamId === holder.user.teamId
      : row.client_link_id !== null && row.client_email !== null);
  return fits && teamId !== null ? { kind: 'valid', row, teamId } : { kind: 'stale', teamId };
}
