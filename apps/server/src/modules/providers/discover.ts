import type { ProviderLookup } from '@gds/contract/providers';
import type { FoundItem } from './json-path.ts';
import { readItem, readItems } from './json-path.ts';
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
  const request = accountsLookup.request;
  const accountsAnswer = request ? await callProvider(request, values, signal) : identityAnswer;
  const accounts = readItems(accountsAnswer, accountsLookup);
  if (!accounts) throw unreadable(provider, accountsLookup);
  return { identity, accounts };
}

const unreadable = (provider: Provider, lookup: ProviderLookup) =>
  new ProviderError(
    'invalid',
    `${provider.connector.name} answered without ${lookup.listPath ?? lookup.idField}`,
  );
