// oidc-provider 9 ships no types and @types/oidc-provider lags behind; this declares the
// small surface the sandbox identity provider and the connector's authorization server use.
// It lives here, with the code the two packages share, so both include the one declaration.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
      /** The endpoint's name: 'authorization', 'token', 'discovery', … */
      route?: string;
      /** The endpoint's parameters, as the provider assembled them. */
      params?: Record<string, unknown>;
      /** A POST's parsed form. */
      body?: Record<string, unknown>;
    };
    method: string;
    query: Record<string, unknown>;
    type: string;
    body: unknown;
    status: number;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    adapter?: unknown;
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys?: string[]; names?: Record<string, string> };
    claims?: Record<string, string[] | null>;
    issueRefreshToken?: (ctx: unknown, client: Client, code: unknown) => Promise<boolean> | boolean;
    rotateRefreshToken?: (ctx: unknown) => Promise<boolean> | boolean;
    expiresWithSession?: (ctx: unknown, token: unknown) => Promise<boolean> | boolean;
    extraTokenClaims?: (
      ctx: unknown,
      token: unknown,
    ) => Promise<Record<string, unknown> | undefined>;
    scopes?: string[];
    features?: Record<string, unknown>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    /** `token` is the code or refresh token being redeemed, when there is one. */
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
      token?: { grantId?: string },
    ) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    renderError?: (
      ctx: KoaContextWithOIDC,
      out: Record<string, string>,
      error: unknown,
    ) => Promise<void>;
    ttl?: Record<string, number | ((ctx: unknown, token: unknown, client: unknown) => number)>;
    conformIdTokenClaims?: boolean;
    responseTypes?: string[];
    clientAuthMethods?: string[];
    /** Parameters beyond the standard ones, or a validator run for each (it throws to refuse). */
    extraParams?:
      string[] | Record<string, ((ctx: KoaContextWithOIDC, value: unknown) => void) | null>;
    revokeGrantPolicy?: (ctx: KoaContextWithOIDC) => boolean;
    clientDefaults?: Record<string, unknown>;
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOAuthScope(scope: string, resource?: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  /** An issued access or refresh token as the provider finds it (expired ones are not found). */
  export interface IssuedToken {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
  }

  export interface StoredInteraction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string };
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    Grant: {
      new (init: { clientId: string; accountId: string | undefined }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    AccessToken: {
      find(value: string): Promise<IssuedToken | undefined>;
      revokeByGrantId(grantId: string): Promise<void>;
    };
    RefreshToken: { revokeByGrantId(grantId: string): Promise<void> };
    AuthorizationCode: {
      find(
        value: string,
        options?: { ignoreExpiration?: boolean },
      ): Promise<{ clientId: string; grantId?: string; destroy(): Promise<void> } | undefined>;
      revokeByGrantId(grantId: string): Promise<void>;
    };
    Interaction: { find(uid: string): Promise<StoredInteraction | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Adds a Koa middleware around every endpoint (after `next()` the route has run). */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
  }

  /** The provider's OAuth errors; thrown in a hook, each answers its code. */
  export const errors: {
    InvalidScope: new (description: string, scope?: string) => Error;
  };
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** An in-memory store of the provider's artifacts, private to one provider instance. */
  export function createMemoryAdapter(clockTolerance?: number): unknown;
}
