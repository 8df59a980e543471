import * as client from 'openid-client';
import { AppError } from '../../lib/errors.ts';

/** The person an identity provider vouches for. */
export interface IdentityClaims {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  name: string;
  picture: string;
}

/** Sign-in through OpenID Connect: Google in production, the sandbox IdP in demo mode. */
export interface IdentityProvider {
  readonly kind: 'google' | 'sandbox';
  authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<string>;
  /** Exchanges the code (PKCE, state and nonce checked) and answers the ID token's claims. */
  exchange(input: {
    callbackUrl: URL;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<IdentityClaims>;
}

/** Which identity provider signs people in, and our client there (app.ts decides). */
export interface IdentitySettings {
  kind: IdentityProvider['kind'];
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export function createIdentityProvider(settings: IdentitySettings): IdentityProvider {
  const { issuer, clientId, clientSecret: secret } = settings;
  const sandbox = settings.kind === 'sandbox';
  let discovered: Promise<client.Configuration> | undefined;

  // Discovery is lazy (the sandbox is served by this very process, not yet listening at
  // build time) and retried after a failure instead of caching the error.
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(secret), {
        timeout: 10,
        // openid-client refuses http issuers; only the local sandbox may be plain http.
        ...(sandbox ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        // Whatever went wrong, the provider cannot be used right now: not the user's fault.
        throw unreachable(error);
      });
    return discovered;
  };

  return {
    kind: sandbox ? 'sandbox' : 'google',

    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await configuration();
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          // Always show the sign-in form / account chooser: a shared demo machine or a
          // second Google account must be able to sign in as someone else.
          prompt: sandbox ? 'login' : 'select_account',
        })
        .toString();
    },

    async exchange({ callbackUrl, state, nonce, codeVerifier }) {
      const config = await configuration();
      const tokens = await providerCall(() =>
        client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        }),
      );
      const claims: Record<string, unknown> = tokens.claims() ?? {};
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      return {
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}

const unreachable = (cause: unknown) =>
  new AppError(
    'BAD_GATEWAY',
    'The sign-in service is not reachable right now. Please try again.',
    undefined,
    { cause },
  );

/**
 * The token call. The provider refusing the code, or an ID token failing its checks, is a
 * failed sign-in (400); a network failure or timeout is a 502 the user can retry.
 */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refused =
      error instanceof client.ResponseBodyError ||
      error instanceof client.AuthorizationResponseError ||
      (error instanceof client.ClientError && !isNetworkCause(error));
    if (refused) {
      throw new AppError(
        'LOGIN_FAILED',
        'Sign-in was not accepted. Please sign in again.',
        undefined,
        { cause: error },
      );
    }
    throw unreachable(error);
  }
}

function isNetworkCause(error: Error): boolean {
  return (
    error.cause instanceof TypeError ||
    (error.cause instanceof Error && error.cause.name === 'TimeoutError')
  );
}
