import type {
  AccountDetailsLookup,
  ProviderLookup,
  ProviderRequest,
} from '@gds/contract/providers';
import { inTurns } from '../../lib/in-turns.ts';
import { googleAdsClientAccounts } from './google-ads-accounts.ts';
import type { FoundItem } from '@gds/contract/json-path';
import { readDetails, readItem, readItems, readPath } from '@gds/contract/json-path';
import type { Provider } from './provider-directory.ts';
import type { TemplateValues } from './provider-http.ts';
import { ProviderError, callProvider } from './provider-http.ts';

/** Who a credential is at the provider and which accounts it can see. */
export interface Discovery {
  identity: FoundItem;
  accounts: FoundItem[];
}

/**
 * An OAuth credential, from its access token: identity call, then accounts (their own call,
 * or the identity answer).
 */
export async function discoverOAuthCredential(
  provider: Provider,
  accessToken: string,
  signal: AbortSignal,
): Promise<Discovery> {
  const values = { ...provider.values, accessToken };
  const request = provider.api.identity.request;
  if (!request) throw new Error(`${provider.connector.name} has no identity call`);
  const identityAnswer = await callProvider(request, values, signal);
  return discover(provider, identityAnswer, values, signal);
}

/**
 * A form login's credential, from its fields: the verification call first (a refusal there
 * means the fields are wrong and nothing else is asked), then identity and accounts as for OAuth.
 */
export async function discoverFormCredential(
  provider: Provider,
  fields: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<Discovery> {
  const verify = provider.api.verify;
  if (!verify) throw new Error(`${provider.connector.name} has no verification call`);
  const values = { ...provider.values, ...fields };
  const verified = await callProvider(verify, values, signal);
  const request = provider.api.identity.request;
  const identityAnswer = request ? await callProvider(request, values, signal) : verified;
  return discover(provider, identityAnswer, values, signal);
}

async function discover(
  provider: Provider,
  identityAnswer: unknown,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<Discovery> {
  const { identity: identityLookup, accounts: accountsLookup } = provider.api;
  const identity = readItem(identityAnswer, identityLookup);
  if (!identity) throw unreadable(provider, identityLookup);
  const withIdentity = { ...values, identityId: identity.id };
  const listed = accountsLookup.request
    ? await listAccounts(provider, accountsLookup.request, withIdentity, signal)
    : readListed(provider, identityAnswer);
  const expand = ACCOUNT_EXPANSIONS[provider.connector.nameSimple];
  const expanded = expand ? await expand(provider, listed, withIdentity, signal) : listed;
  const detailsLookup = provider.api.accountDetails;
  const accounts = detailsLookup
    ? await inTurns(expanded, DETAIL_CALLS, (account) =>
        withDetails(account, detailsLookup, withIdentity, signal),
      )
    : expanded;
  return { identity, accounts };
}

/**
 * The account with the details its own call answers (a GA4 property's time zone and currency).
 * An account whose details the login may not read (403, 404) keeps what the listing gave:
 * reports then read it in the provider's defaults, as before the details were asked.
 */
async function withDetails(
  account: FoundItem,
  lookup: AccountDetailsLookup,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<FoundItem> {
  let answer: unknown;
  try {
    answer = await callProvider(lookup.request, { ...values, accountId: account.id }, signal);
  } catch (error) {
    if (error instanceof ProviderError && (error.status === 403 || error.status === 404))
      return account;
    throw error;
  }
  const read = readDetails(answer, lookup.details);
  if (Object.keys(read).length === 0) return account;
  return { ...account, details: { ...read, ...account.details } };
}

/**
 * How a provider's listed accounts become the ones reports read, where listing is not the
 * whole story (Google Ads lists the customers a login reaches directly, managers among them).
 */
const ACCOUNT_EXPANSIONS: Readonly<
  Record<
    string,
    (
      provider: Provider,
      listed: FoundItem[],
      values: TemplateValues,
      signal: AbortSignal,
    ) => Promise<FoundItem[]>
  >
> = { 'google-ads': googleAdsClientAccounts };

/** Details calls at a time: one connection has one deadline for all of them. */
const DETAIL_CALLS = 4;

/** Most pages of accounts read in one connection: a bound, not a limit any login reaches. */
const MAX_ACCOUNT_PAGES = 50;

/** The accounts call, page after page where the provider pages by token. */
async function listAccounts(
  provider: Provider,
  request: ProviderRequest,
  values: TemplateValues,
  signal: AbortSignal,
): Promise<FoundItem[]> {
  const paging = provider.api.accounts.nextPage;
  const found = new Map<string, FoundItem>();
  let token: string | undefined;
  for (let page = 0; page < MAX_ACCOUNT_PAGES; page += 1) {
    const url = token && paging ? withParam(request.url, paging.param, token) : request.url;
    const answer = await callProvider({ ...request, url }, values, signal);
    for (const item of readListed(provider, answer))
      if (!found.has(item.id)) found.set(item.id, item);
    const next = paging ? readPath(answer, paging.tokenField) : undefined;
    if (typeof next !== 'string' || next === '') break;
    token = next;
  }
  return [...found.values()];
}

/** The accounts of one answer: its list, or the lists of each of its groups. */
function readListed(provider: Provider, answer: unknown): FoundItem[] {
  const lookup = provider.api.accounts;
  if (lookup.groupPath === undefined) {
    const items = readItems(answer, lookup);
    if (!items) throw unreadable(provider, lookup);
    return items;
  }
  const groups = readPath(answer, lookup.groupPath);
  if (groups === undefined || groups === null) return [];
  if (!Array.isArray(groups)) throw unreadable(provider, lookup);
  return groups.flatMap((group: unknown) => {
    const items = readItems(group, lookup);
    if (!items) throw unreadable(provider, lookup);
    return items;
  });
}

/** A query parameter set on a templated URL (the template's own placeholders kept as is). */
function withParam(url: string, name: string, value: string): string {
  // Encoded, a token holds no brace a template would read as a placeholder.
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

const unreadable = (provider: Provider, lookup: ProviderLookup) =>
  new ProviderError(
    'invalid',
    `${provider.connector.name} answered without ${lookup.groupPath ?? lookup.listPath ?? lookup.idField}`,
  );
