import type Provider from 'oidc-provider';
import type { Client, KoaContextWithOIDC } from 'oidc-provider';
import { DATA_READ_SCOPE } from '@gds/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createConnectorGrantsRepository } from './connector-grants.repository.ts';
import { parseConnectorSubject } from './connector-subject.ts';
import { renderOauthPage } from './oauth-page.ts';
import { createOauthAdapter } from './oauth-adapter.ts';
import { loadOauthKeys } from './oauth-keys.ts';
import type { OauthKeys } from './oauth-keys.ts';

/**
 * Where the authorization server is mounted; its issuer is PUBLIC_URL plus this. Not /oauth:
 * that is where providers send people back after connecting a data source.
 */
export const OAUTH_PATH = '/connector-oauth';

export const oauthIssuer = (publicUrl: string) => `${publicUrl}${OAUTH_PATH}`;

/** The address oidc-provider sends a person to for sign-in and consent. */
export const interactionPath = (uid: string) => `${OAUTH_PATH}/interaction/${uid}`;

const DAY = 24 * 60 * 60;

/** What the consent screen and the grants list call the configured client. */
export const CONNECTOR_CLIENT_NAME = 'Looker Studio connector';

/**
 * The OAuth 2.0 authorization server the Looker Studio connector signs people in with
 * (oidc-provider, a certified implementation, with our storage and our consent page):
 * authorization code with PKCE S256 only, rotating refresh tokens, revocation, one scope
 * (data.read), opaque access tokens. Consent is asked every time a connector is authorized:
 * there is no silent re-grant for a different member on a shared browser.
 */
export function createAuthorizationServer(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
}) {
  let built: Promise<Provider> | undefined;
  const listeners: Array<(provider: Provider) => void> = [];
  return {
    /**
     * The provider, made on first use: its keys are in the database, and the app starts (and
     * answers its probes) while the database is away. A failed start is retried on next use.
     */
    provider(): Promise<Provider> {
      built ??= loadOauthKeys(deps.db, deps.cipher, deps.log).then(
        async (keys) => {
          const provider = await buildProvider({ ...deps, keys });
          for (const listen of listeners) listen(provider);
          return provider;
        },
        (error: unknown) => {
          built = undefined;
          throw error;
        },
      );
      return built;
    },
    /** Runs `listen` on the provider once it is made (to subscribe to its events). */
    onProvider(listen: (provider: Provider) => void): void {
      listeners.push(listen);
    },
  };
}

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;

async function buildProvider(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  keys: OauthKeys;
}): Promise<Provider> {
  // Loaded with the provider, at its first use: oidc-provider and Koa cost ~0.2 s of a start.
  const { default: Provider, errors } = await import('oidc-provider');
  const { config } = deps;
  const client = config.lookerStudio.client;
  const provider = new Provider(oauthIssuer(config.publicUrl), {
    adapter: createOauthAdapter({ db: deps.db, clock: deps.clock }),
    clients: client
      ? [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            client_name: CONNECTOR_CLIENT_NAME,
            redirect_uris: [...client.redirectUris],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            // The Apps Script OAuth2 library sends the client's secret in the token request body.
            token_endpoint_auth_method: 'client_secret_post',
          },
        ]
      : [],
    scopes: [DATA_READ_SCOPE],
    claims: { openid: ['sub'] },
    // Only what the connector uses is served, so only that is advertised: the code flow, the
    // client authentication it sends, no user info, logout or pushed requests.
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_post'],
    extraParams: {
      // The connector asks for data.read and nothing else. Any other scope, none, or more is
      // refused with invalid_scope at the connector's address (RFC 6749 §4.1.2.1), read from
      // the request as sent: the provider drops some scopes silently before this runs.
      scope(ctx: KoaContextWithOIDC) {
        const sent = (ctx.method === 'POST' ? ctx.oidc.body : ctx.query)?.scope;
        const asked = typeof sent === 'string' ? new Set(sent.split(' ').filter(Boolean)) : null;
        if (asked?.size !== 1 || !asked.has(DATA_READ_SCOPE)) {
          throw new errors.InvalidScope(
            `The connector must ask for the ${DATA_READ_SCOPE} scope, and only that.`,
            typeof sent === 'string' ? sent : undefined,
          );
        }
      },
    },
    jwks: { keys: [deps.keys.signingJwk] },
    cookies: { keys: deps.keys.cookieKeys },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // The data API takes bearer tokens only; it checks no DPoP proof.
      dPoP: { enabled: false },
    },
    // Revoking any token of a grant (RFC 7009), an access token too, ends the whole grant: the
    // connector signs out with it, and the grant leaves the Data Sources list.
    revokeGrantPolicy: () => true,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      // Rotated on every use; a connector unused for 90 days signs in again.
      RefreshToken: 90 * DAY,
      Grant: 365 * DAY,
      Interaction: 10 * 60,
      Session: 10 * 60,
    },
    // Tokens outlive the provider's short sign-in session: the connector runs unattended.
    expiresWithSession: () => false,
    issueRefreshToken: (_ctx, c: Client) => c.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    // A code or refresh token is redeemed only while its grant stands in connector_grants with
    // its member still in the team: whatever took the member's access away, and however (a
    // user deleted with their team), no new token comes of it.
    findAccount: async (_ctx, sub, token) => {
      const account = { accountId: sub, claims: () => ({ sub }) };
      if (!token?.grantId) return account;
      const subject = parseConnectorSubject(sub);
      if (!subject) return undefined;
      const grants = createConnectorGrantsRepository(deps.db);
      const row = await grants.findLive(subject.teamId, token.grantId);
      return row && row.member_id !== null && row.user_id === subject.userId ? account : undefined;
    },
    // Only the grant the consent screen just made; never one remembered from an earlier visit.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderOauthPage(
        'The connector could not be authorized',
        out.error_description ?? out.error ?? 'The request was not valid.',
        'Start again from Looker Studio. If this keeps happening, contact support.',
      );
      return Promise.resolve();
    },
  });
  provider.proxy = config.trustProxy !== false;
  provider.use(async (ctx, next) => {
    await next();
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (oidc?.route === 'discovery') ctx.body = servedMetadata(ctx.body as Metadata);
    if (oidc?.route === 'token' && ctx.status >= 400) {
      await burnFailedCode(oidc, ctx.body as { error?: unknown } | undefined);
    }
  });
  return provider;
}

type Metadata = Record<string, unknown>;

/**
 * The authorization server's metadata (RFC 8414, and its OpenID discovery document), saying
 * only what is served: no ID tokens or claims, as the openid scope is refused; data.read is
 * the one scope.
 */
function servedMetadata(body: Metadata): Metadata {
  const served: Metadata = { ...body, scopes_supported: [DATA_READ_SCOPE] };
  for (const name of [
    'claims_supported',
    'claim_types_supported',
    'claims_parameter_supported',
    'id_token_signing_alg_values_supported',
    'subject_types_supported',
    'request_parameter_supported',
    'request_uri_parameter_supported',
  ]) {
    delete served[name];
  }
  return served;
}

/**
 * A failed redemption burns its code (a wrong PKCE verifier, another redirect address): a
 * code gets one try. The grant it was issued under ends with it, as each consent makes a
 * grant whose code is its only way to tokens. Only for the client the code was issued to,
 * authenticated: nobody else can spend another's code.
 */
async function burnFailedCode(
  oidc: KoaContextWithOIDC['oidc'],
  answer: { error?: unknown } | undefined,
): Promise<void> {
  const { params, client, provider } = oidc;
  if (params?.grant_type !== 'authorization_code' || typeof params.code !== 'string') return;
  // The provider names the client before it checks the client's secret: an invalid_client
  // answer means whoever asked was not the client, and a stranger's try must not spend a code.
  if (!client || answer?.error === 'invalid_client') return;
  const code = await provider.AuthorizationCode.find(params.code, { ignoreExpiration: true });
  if (!code || code.clientId !== client.clientId) return;
  await code.destroy();
  if (!code.grantId) return;
  await provider.AccessToken.revokeByGrantId(code.grantId);
  const grant = await provider.Grant.find(code.grantId);
  await grant?.destroy();
}
