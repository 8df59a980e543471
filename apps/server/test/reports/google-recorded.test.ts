import { describe, expect, it } from 'vitest';
import { TOKEN, fetcherOf, json, recordedFetchers, requestFor } from './recorded-provider.ts';

describe('Google Analytics against recorded runReport answers', () => {
  it('pages by offset until rowCount, maps values and cleans markers and "(not set)"', async () => {
    const { fetchers, sent, left } = recordedFetchers([
      json('ga4-run-report-page1.json'),
      json('ga4-run-report-page2.json'),
    ]);
    const fields = ['date', 'source', 'sessions', 'engagement_rate', 'total_revenue'];
    const result = await fetcherOf(fetchers, 'google-analytics').fetch(
      requestFor('properties/312345678', fields),
    );
    expect(result.rows).toEqual([
      ['20240301', 'google', 412, 0.6213, 1520.5],
      ['20240301', null, 38, 0.5, 0],
      ['20240302', 'newsletter', 57, null, 88.25],
    ]);
    expect(left()).toBe(0);
    const [first, second] = sent;
    expect(first?.url.toString()).toBe(
      'https://analyticsdata.googleapis.com/v1beta/properties/312345678:runReport',
    );
    expect(first?.method).toBe('POST');
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(first?.body).toMatchObject({
      dateRanges: [{ startDate: '2024-03-01', endDate: '2024-03-02' }],
      dimensions: [{ name: 'date' }, { name: 'sessionSource' }],
      metrics: [{ name: 'sessions' }, { name: 'engagementRate' }, { name: 'totalRevenue' }],
      offset: 0,
    });
    expect(second?.body).toMatchObject({ offset: 2 });
  });

  it('an account stored as a GA4 account, not a property, asks to reconnect and calls nothing', async () => {
    const { fetchers, sent } = recordedFetchers([]);
    await expect(
      fetcherOf(fetchers, 'google-analytics').fetch(requestFor('accounts/1000', ['sessions'])),
    ).rejects.toMatchObject({ kind: 'reconnect' });
    expect(sent).toEqual([]);
  });

  it('types revenue in the account currency', () => {
    const { fetchers } = recordedFetchers([]);
    const schema = fetcherOf(fetchers, 'google-analytics').schema({
      externalId: '1',
      name: 'x',
      currency: 'EUR',
    });
    expect(schema.fields.find((f) => f.id === 'total_revenue')?.type).toBe('CURRENCY_EUR');
    const usd = fetcherOf(fetchers, 'google-analytics').schema({
      externalId: '1',
      name: 'x',
      currency: null,
    });
    expect(usd.fields.find((f) => f.id === 'total_revenue')?.type).toBe('CURRENCY_USD');
  });

  it("a 400 about a field is 'invalid_request' with Google's reason", async () => {
    const { fetchers } = recordedFetchers([json('google-error-400.json', 400)]);
    const error = await fetcherOf(fetchers, 'google-analytics')
      .fetch(requestFor('properties/1', ['sessions']))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'invalid_request',
      message: expect.stringContaining('Field sessionsz is not a valid metric') as unknown,
    });
  });
});

describe('Google Ads against recorded googleAds:search answers', () => {
  it('sends GAQL with the developer token, follows nextPageToken, turns micros into money', async () => {
    const { fetchers, sent } = recordedFetchers([
      json('google-ads-search-page1.json'),
      json('google-ads-search-page2.json'),
    ]);
    const fields = ['date', 'campaign', 'impressions', 'clicks', 'cost', 'ctr'];
    const result = await fetcherOf(fetchers, 'google-ads').fetch(
      requestFor('customers/123-456-7890', fields),
    );
    expect(result.rows).toEqual([
      ['20240301', 'Brand', 2400, 120, 98.76, 0.05],
      ['20240301', 'Generic', 800, null, null, 0],
    ]);
    const [first, second] = sent;
    expect(first?.url.pathname).toBe('/v20/customers/1234567890/googleAds:search');
    expect(first?.headers.get('developer-token')).toBe('recorded-developer-token');
    // Reached directly: no manager to log in through.
    expect(first?.headers.get('login-customer-id')).toBeNull();
    expect(first?.body).toEqual({
      query:
        "SELECT segments.date, campaign.name, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.ctr FROM campaign WHERE segments.date BETWEEN '2024-03-01' AND '2024-03-02'",
    });
    expect(second?.body).toMatchObject({ pageToken: 'CJq8sZ4BEAE' });
  });

  it('a client reached through a manager is read logged in as that manager', async () => {
    const { fetchers, sent } = recordedFetchers([json('google-ads-search-page2.json')]);
    const account = {
      externalId: 'customers/1234567890',
      name: 'Client',
      currency: 'USD',
      details: { loginCustomerId: '987-654-3210' },
    };
    await fetcherOf(fetchers, 'google-ads').fetch(
      requestFor('customers/1234567890', ['clicks'], { account }),
    );
    expect(sent[0]?.url.pathname).toBe('/v20/customers/1234567890/googleAds:search');
    expect(sent[0]?.headers.get('login-customer-id')).toBe('9876543210');
  });

  it('a 403 on the customer asks to reconnect; the cost field is in the account currency', async () => {
    const { fetchers } = recordedFetchers([json('google-ads-error-403.json', 403)]);
    const fetcher = fetcherOf(fetchers, 'google-ads');
    await expect(fetcher.fetch(requestFor('1234567890', ['clicks']))).rejects.toMatchObject({
      kind: 'reconnect',
      message:
        'Google Ads no longer accepts the saved login. Reconnect Google Ads in Data Sources.',
    });
    const cost = fetcher.schema({ externalId: '1', name: 'x', currency: 'gbp' }).fields;
    expect(cost.find((f) => f.id === 'cost')?.type).toBe('CURRENCY_GBP');
  });
});
