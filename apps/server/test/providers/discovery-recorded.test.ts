import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoverOAuthCredential } from '../../src/modules/providers/discover.ts';
import { CUSTOMER_CLIENTS_QUERY } from '../../src/modules/providers/google-ads-accounts.ts';
import type { Recorded } from '../reports/recorded-provider.ts';
import { TOKEN, json, recordedFetch, recordedProvider } from '../reports/recorded-provider.ts';

/** Discovery of a connector's real provider, answered from recorded answers in order. */
async function discoverWith(nameSimple: string, script: Recorded[]) {
  const provider = recordedProvider(nameSimple);
  if (!provider) throw new Error(`no provider for ${nameSimple}`);
  const recorded = recordedFetch(script);
  vi.stubGlobal('fetch', recorded.fetch);
  const found = await discoverOAuthCredential(provider, TOKEN, AbortSignal.timeout(5_000));
  return { found, sent: recorded.sent, left: recorded.left };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Google Analytics discovery against recorded Admin API answers', () => {
  it('stores GA4 properties (what runReport reads), from every account, across pages', async () => {
    const { found, sent, left } = await discoverWith('google-analytics', [
      json('google-userinfo.json'),
      json('ga4-account-summaries-page1.json'),
      json('ga4-account-summaries-page2.json'),
      json('ga4-property-312345678.json'),
      json('ga4-property-312345679.json'),
      json('ga4-error-403.json', 403),
    ]);
    expect(found.identity).toEqual({ id: '110248495921238986420', name: 'ads@acme.example' });
    // Each property's time zone and currency from properties.get; one the login may not read
    // is kept without them (its reports are then in US dollars and UTC days).
    expect(found.accounts).toEqual([
      {
        id: 'properties/312345678',
        name: 'acme.example - GA4',
        details: { currency: 'EUR', timeZone: 'Europe/Berlin' },
      },
      {
        id: 'properties/312345679',
        name: 'Acme app',
        details: { currency: 'USD', timeZone: 'America/Los_Angeles' },
      },
      { id: 'properties/400000001', name: 'Client blog' },
    ]);
    expect(left()).toBe(0);
    const [, first, second, property] = sent;
    // The resource name is the path, its slash kept.
    expect(property?.url.toString()).toBe(
      'https://analyticsadmin.googleapis.com/v1beta/properties/312345678',
    );
    expect(property?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(first?.url.toString()).toBe(
      'https://analyticsadmin.googleapis.com/v1beta/accountSummaries?pageSize=200',
    );
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(second?.url.searchParams.get('pageToken')).toBe('AJ7cXq3-2ndPage');
    expect(second?.url.searchParams.get('pageSize')).toBe('200');
  });
});

describe('Google Ads discovery against recorded answers', () => {
  const script = (): Recorded[] => [
    json('google-userinfo.json'),
    json('google-ads-accessible-customers.json'),
    json('google-ads-customer-clients-direct.json'),
    json('google-ads-customer-clients-manager.json'),
    json('google-ads-error-403-not-enabled.json', 403),
  ];

  it('stores client accounts with the manager they are reached through; managers are left out', async () => {
    const { found, left } = await discoverWith('google-ads', script());
    expect(found.accounts).toEqual([
      { id: 'customers/1234567890', name: 'Acme direct', details: { currency: 'EUR' } },
      {
        id: 'customers/1112223333',
        name: 'Client A',
        details: { loginCustomerId: '9876543210', currency: 'USD' },
      },
      {
        id: 'customers/7778889999',
        name: 'Client B',
        details: { loginCustomerId: '9876543210', currency: 'GBP' },
      },
    ]);
    // The deactivated customer (403) is left out; everything was asked.
    expect(left()).toBe(0);
  });

  it('lists accessible customers, then asks each for its clients logged in as itself', async () => {
    const { sent } = await discoverWith('google-ads', script());
    const [, listing, ...searches] = sent;
    expect(listing?.url.toString()).toBe(
      'https://googleads.googleapis.com/v20/customers:listAccessibleCustomers',
    );
    expect(listing?.headers.get('developer-token')).toBe('recorded-developer-token');
    expect(searches.map((s) => s.url.pathname)).toEqual([
      '/v20/customers/1234567890/googleAds:search',
      '/v20/customers/9876543210/googleAds:search',
      '/v20/customers/5550001111/googleAds:search',
    ]);
    expect(searches.map((s) => s.headers.get('login-customer-id'))).toEqual([
      '1234567890',
      '9876543210',
      '5550001111',
    ]);
    for (const search of searches) {
      expect(search.method).toBe('POST');
      expect(search.headers.get('developer-token')).toBe('recorded-developer-token');
      expect(search.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(search.body).toEqual({ query: CUSTOMER_CLIENTS_QUERY });
    }
  });

  it('a refused token while reading clients fails the connection rather than storing part', async () => {
    const failing = discoverWith('google-ads', [
      json('google-userinfo.json'),
      json('google-ads-accessible-customers.json'),
      // Customers are read a few at a time: each of the three is refused.
      ...Array.from({ length: 3 }, () => json('google-error-401.json', 401)),
    ]);
    await expect(failing).rejects.toMatchObject({ name: 'ProviderError', kind: 'refused' });
  });
});

describe('Microsoft Advertising discovery against recorded Customer Management answers', () => {
  it('searches the user’s accounts and stores each with its customer, currency and time zone', async () => {
    const { found, sent, left } = await discoverWith('bing-ads', [
      json('bing-get-user.json'),
      json('bing-search-accounts.json'),
    ]);
    expect(found.identity).toEqual({ id: '1800012345', name: 'ads@acme.example' });
    expect(found.accounts).toEqual([
      {
        id: '149000123',
        name: 'Acme search',
        details: { customerId: '250012345', currency: 'USD', timeZone: 'America/New_York' },
      },
      {
        id: '149000456',
        name: 'Client EU (linked)',
        details: { customerId: '250067890', currency: 'EUR', timeZone: 'Europe/Berlin' },
      },
    ]);
    expect(left()).toBe(0);
    const [user, search] = sent;
    expect(user?.url.toString()).toBe(
      'https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13/User/Query',
    );
    expect(user?.body).toEqual({ UserId: null });
    expect(search?.url.toString()).toBe(
      'https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13/Accounts/Search',
    );
    expect(search?.method).toBe('POST');
    expect(search?.headers.get('developertoken')).toBe('recorded-developer-token');
    expect(search?.body).toEqual({
      Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: '1800012345' }],
      Ordering: null,
      PageInfo: { Index: 0, Size: 1000 },
    });
  });
});
