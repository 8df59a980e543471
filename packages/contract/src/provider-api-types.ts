/**
 * How the server talks to a connector's provider: the shapes of the catalog's auth, identity
 * and account-discovery data (provider-apis/ holds the values). Server-only in practice;
 * none of it is answered to the browser (connectorInfoSchema is the public view).
 */

/**
 * One HTTP call to a provider, as a template. `{name}` placeholders are filled at call time:
 * `{accessToken}`, `{clientId}`, `{developerToken}`, the connector's login field names, and in
 * the accounts call `{identityId}` (the id the identity call answered), in an account's details
 * call `{accountId}`. `{+name}` puts the value in the URL as it is (a resource name such as
 * `properties/123`, whose slash is part of the path); `{name}` encodes it.
 * Secrets (tokens, password-type login fields) may appear in headers, basicAuth and jsonBody
 * only, never in the URL, where logs and proxies would see them (the catalog test enforces it).
 */
export interface ProviderRequest {
  url: string;
  method?: 'GET' | 'POST';
  /** Default for OAuth connectors: `Authorization: Bearer {accessToken}`. */
  headers?: Readonly<Record<string, string>>;
  basicAuth?: { username: string; password: string };
  jsonBody?: Readonly<Record<string, unknown>>;
}

/**
 * Where to read ids and names in a JSON answer. Paths are dotted (`data.user.id`,
 * `accounts.0.id`); `$` is the value itself (a list of plain strings, a root array).
 */
export interface JsonLookup {
  /** Path of the list of items; absent: the whole answer is one item. */
  listPath?: string;
  idField: string;
  /** Absent or empty in an answer: the id is shown as the name. */
  nameField?: string;
  /**
   * What each item carries besides its id that reading its reports needs (Microsoft's customer
   * id, the account's currency), by detail name: where it is in the item. Stored with the account.
   */
  details?: Readonly<Record<string, DetailPath>>;
}

/**
 * Where an item's detail is: its path, or its path and the provider's own words for the values
 * mapped to ours (Microsoft's time zone names to IANA zones). A value the map lacks is left
 * out, as a missing one is: an unknown zone is no zone, never a wrong one.
 */
export type DetailPath = string | { path: string; values: Readonly<Record<string, string>> };

/** A lookup with the call that answers it; without a call it reads the previous answer. */
export interface ProviderLookup extends JsonLookup {
  request?: ProviderRequest;
  /**
   * Where the answer lists groups that each hold a list read with `listPath` (GA4's account
   * summaries, each with its properties); absent: `listPath` is read in the answer itself.
   */
  groupPath?: string;
  /**
   * Token paging: the answer's field naming the next page, and the query parameter of the
   * call that asks for it (GA4's nextPageToken and pageToken). Absent: one page.
   */
  nextPage?: { tokenField: string; param: string };
}

export interface OAuth2Settings {
  authorizeUrl: string;
  tokenUrl: string;
  /** RFC 7009 revocation endpoint, where the provider has one. */
  revokeUrl?: string;
  scopes: readonly string[];
  /** PKCE (S256) is sent whenever the provider supports it. */
  pkce: boolean;
  /** Joins scopes in the authorize URL; default a space. */
  scopeSeparator?: string;
  /** Extra authorize parameters, e.g. Google's access_type=offline&prompt=consent. */
  authorizeParams?: Readonly<Record<string, string>>;
  /**
   * How the token endpoint authenticates us: HTTP Basic, client_id + client_secret in the
   * form body (default), or none (public client with PKCE, e.g. Etsy).
   */
  clientAuth?: 'basic' | 'body' | 'none';
  /** Name of the client id parameter; default client_id (TikTok says client_key). */
  clientIdParam?: string;
  /**
   * How long a login lasts where the token answer does not say (no refresh_token_expires_in),
   * as the provider documents it.
   */
  grantLifetime?: GrantLifetime;
}

/**
 * A provider's documented login lifetime: `days` after the person consented, or after the last
 * successful refresh when `sliding` (each refresh renews it); `source` is the provider's page
 * that states it.
 */
export interface GrantLifetime {
  days: number;
  sliding: boolean;
  source: string;
}

/** Where a connector's reporting API lives (the server's fetchers know its paths and shapes). */
export interface ReportApi {
  /** The API's base address; report paths are the provider's documented ones below it. */
  baseUrl: string;
  /**
   * Where the identity answer names this login's own base address, for providers whose API
   * host differs per login (a data centre, an org's instance); `baseUrl` is then unused.
   */
  baseUrlField?: string;
}

/**
 * Details no listing carries, read one account at a time (a GA4 property's reporting time zone
 * and currency): the call, with `{accountId}` the listed id, and where each detail is in its
 * answer, by detail name. A detail the listing carries wins.
 */
export interface AccountDetailsLookup {
  request: ProviderRequest;
  details: Readonly<Record<string, DetailPath>>;
}

/** Everything needed to connect a connector, find its accounts and read its reports. */
export interface ProviderApi {
  /** For auth 'oauth2'. */
  oauth2?: OAuth2Settings;
  /** For auth 'form': checks the login fields with the provider before anything is stored. */
  verify?: ProviderRequest;
  /** Who the login is: OAuth connectors call `request`; form ones read the verify answer. */
  identity: ProviderLookup;
  /** The login's accounts; without `request`, read from the identity answer. */
  accounts: ProviderLookup;
  /** Each account's details, where the listing lacks them. */
  accountDetails?: AccountDetailsLookup;
  /** The reporting API, for connectors whose data reaches dashboards. */
  reports?: ReportApi;
}
