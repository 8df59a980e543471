import { createHash } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import { LOGIN_CALLBACK_PATH } from '@gds/contract';
import type { SandboxConfig } from './host/sandbox-host.ts';
import type { SandboxKeys } from './keys.ts';
import { renderSandboxError } from './pages/interaction-page.ts';
import { SANDBOX_CLIENT_ID, SANDBOX_OIDC_PATH, sandboxIssuer } from './sandbox-constants.ts';

export interface SandboxClaims {
  email: string;
  given_name: string;
  family_name: string;
  name: string;
  picture: string;
}

/**
 * Who signed in recently, by subject. The token exchange follows the form within seconds in
 * the same process, so memory is enough for a demo; the map is bounded.
 */
export class SandboxAccounts {
  readonly #claims = new Map<string, SandboxClaims>();

  remember(claims: SandboxClaims): string {
    const sub = createHash('sha256').update(claims.email.toLowerCase()).digest('hex').slice(0, 32);
    this.#claims.delete(sub);
    this.#claims.set(sub, claims);
    if (this.#claims.size > 1000) {
      const oldest = this.#claims.keys().next().value;
      if (oldest !== undefined) this.#claims.delete(oldest);
    }
    return sub;
  }

  find(sub: string): Account | undefined {
    const claims = this.#claims.get(sub);
    if (!claims) return undefined;
    return { accountId: sub, claims: () => ({ sub, ...claims, email_verified: true }) };
  }
}

/**
 * The demo OpenID provider (oidc-provider), with our server as its one client. Loaded when
 * first asked for (a sign-in), not at start: oidc-provider and Koa cost ~0.2 s of a start.
 */
export async function createSandboxIdp(
  config: SandboxConfig,
  keys: SandboxKeys,
  accounts: SandboxAccounts,
): Promise<Provider> {
  const [{ default: Provider }, { createMemoryAdapter }] = await Promise.all([
    import('oidc-provider'),
    import('oidc-provider/lib/adapters/memory_adapter.js'),
  ]);
  const provider = new Provider(sandboxIssuer(config.publicUrl), {
    clients: [
      {
        client_id: SANDBOX_CLIENT_ID,
        client_secret: keys.clientSecret,
        redirect_uris: config.appOrigins.map((origin) => `${origin}${LOGIN_CALLBACK_PATH}`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Memory, private to this instance: fine for a single demo process, and tests in one
    // process do not share artifacts.
    adapter: createMemoryAdapter(),
    ttl: {
      Interaction: 10 * 60,
      Session: 60 * 60,
      Grant: 60 * 60,
      AuthorizationCode: 60,
      AccessToken: 60,
      IdToken: 60,
    },
    jwks: { keys: [keys.signingJwk] },
    cookies: { keys: keys.cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // The ID token carries the profile claims, as Google's does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${SANDBOX_OIDC_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => Promise.resolve(accounts.find(sub)),
    // First-party client: grant the requested scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider: op } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return op.Grant.find(grantId);
      const grant = new op.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderSandboxError(
        'The sign-in request could not be completed.',
        out.error_description ?? out.error,
      );
      return Promise.resolve();
    },
  });
  provider.proxy = config.trustProxy !== false;
  return provider;
}
