import { describe, expect, it } from 'vitest';
import type { Recorded } from './recorded-provider.ts';
import {
  TOKEN,
  fetcherOf,
  fixture,
  json,
  recordedFetchers,
  requestFor,
  zipOf,
} from './recorded-provider.ts';

describe('Facebook Ads against recorded Insights answers', () => {
  it('asks daily campaign rows and follows paging.next on Graph without the quoted token', async () => {
    const { fetchers, sent } = recordedFetchers([
      json('facebook-insights-page1.json'),
      json('facebook-insights-page2.json'),
    ]);
    const fields = ['date', 'campaign', 'impressions', 'cost', 'ctr', 'purchases'];
    const result = await fetcherOf(fetchers, 'facebook-ads').fetch(
      requestFor('act_1234567890', fields),
    );
    expect(result.rows).toEqual([
      ['20240301', 'Spring Sale', 10234, 152.33, 0.02941176, 7],
      ['20240302', 'Retargeting', 5120, 61.1, 0.0171875, 0],
    ]);
    const [first, second] = sent;
    expect(first?.url.pathname).toBe('/v19.0/act_1234567890/insights');
    expect(first?.url.searchParams.get('level')).toBe('campaign');
    expect(first?.url.searchParams.get('time_increment')).toBe('1');
    expect(JSON.parse(first?.url.searchParams.get('time_range') ?? '')).toEqual({
      since: '2024-03-01',
      until: '2024-03-02',
    });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(second?.url.searchParams.get('after')).toBe('MQZDZD');
    expect(second?.url.searchParams.has('access_token')).toBe(false);
  });

  it("Meta's code 190 (sent as 400) asks to reconnect; code 17 is a rate limit", async () => {
    const expired = recordedFetchers([json('facebook-error-190.json', 400)]);
    await expect(
      fetcherOf(expired.fetchers, 'facebook-ads').fetch(requestFor('act_1', ['clicks'])),
    ).rejects.toMatchObject({ kind: 'reconnect' });
    const limited = recordedFetchers([json('facebook-error-17.json', 400)]);
    await expect(
      fetcherOf(limited.fetchers, 'facebook-ads').fetch(requestFor('act_1', ['clicks'])),
    ).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 60_000 });
  });

  it('a next page on another host is not followed (the token would go with it)', async () => {
    const page = JSON.parse(fixture('facebook-insights-page1.json')) as {
      paging: { next: string };
    };
    page.paging.next = 'https://evil.example/v19.0/act_1/insights?after=x';
    const { fetchers, sent } = recordedFetchers([{ body: JSON.stringify(page) }]);
    await expect(
      fetcherOf(fetchers, 'facebook-ads').fetch(requestFor('act_1', ['clicks'])),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    expect(sent).toHaveLength(1);
  });
});

describe('Microsoft Advertising against recorded Reporting answers', () => {
  const script = (): Recorded[] => [
    json('bing-submit.json'),
    json('bing-poll-pending.json'),
    json('bing-poll-success.json'),
    {
      body: zipOf('report.csv', fixture('bing-report.csv')),
      headers: { 'content-type': 'application/zip' },
    },
  ];

  it('submits, polls until Success, downloads the zip without the token and reads its CSV', async () => {
    const { fetchers, sent, left } = recordedFetchers(script());
    const fields = ['date', 'campaign', 'impressions', 'clicks', 'cost', 'ctr'];
    const result = await fetcherOf(fetchers, 'bing-ads').fetch(requestFor('149000123', fields));
    expect(result.rows).toEqual([
      ['20240301', 'Brand, exact', 1200, 60, 45.5, 0.05],
      ['20240302', 'Brand, exact', 900, 27, 20.1, 0.03],
    ]);
    expect(left()).toBe(0);
    const [submit, poll, , download] = sent;
    expect(submit?.url.toString()).toBe(
      'https://reporting.api.bingads.microsoft.com/Reporting/v13/GenerateReport/Submit',
    );
    expect(submit?.headers.get('developertoken')).toBe('recorded-developer-token');
    expect(submit?.headers.get('customeraccountid')).toBe('149000123');
    // The account's customer, as discovery stored it: the Reporting API needs both.
    expect(submit?.headers.get('customerid')).toBe('250012345');
    expect(poll?.headers.get('customerid')).toBe('250012345');
    expect(submit?.body).toMatchObject({
      ReportRequest: {
        Type: 'CampaignPerformanceReportRequest',
        Format: 'Csv',
        Aggregation: 'Daily',
        Scope: { AccountIds: [149000123] },
        Time: {
          CustomDateRangeStart: { Day: 1, Month: 3, Year: 2024 },
          CustomDateRangeEnd: { Day: 2, Month: 3, Year: 2024 },
        },
      },
    });
    expect(poll?.body).toEqual({ ReportRequestId: '30000001234567890' });
    expect(download?.url.host).toBe('bingadsappsstorageprod.blob.core.windows.net');
    expect(download?.headers.get('authorization')).toBeNull();
  });

  it('a report still pending after the allowed polls is unavailable, not a hang', async () => {
    const pending = Array.from({ length: 5 }, () => json('bing-poll-pending.json'));
    const { fetchers } = recordedFetchers([json('bing-submit.json'), ...pending]);
    await expect(
      fetcherOf(fetchers, 'bing-ads').fetch(requestFor('1', ['clicks'])),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('still preparing') as unknown,
    });
  });

  it('an account stored without its customer asks to reconnect, and calls nothing', async () => {
    const { fetchers, sent } = recordedFetchers([]);
    const account = { externalId: '1', name: 'Old', currency: null };
    await expect(
      fetcherOf(fetchers, 'bing-ads').fetch(requestFor('1', ['clicks'], { account })),
    ).rejects.toMatchObject({
      kind: 'reconnect',
      message: expect.stringContaining('customer') as unknown,
    });
    expect(sent).toEqual([]);
  });

  it("Microsoft's InvalidCredentials (code 105) asks to reconnect", async () => {
    const { fetchers } = recordedFetchers([json('bing-error-105.json', 400)]);
    await expect(
      fetcherOf(fetchers, 'bing-ads').fetch(requestFor('1', ['clicks'])),
    ).rejects.toMatchObject({ kind: 'reconnect' });
  });
});

describe('LinkedIn Ads against recorded adAnalytics answers', () => {
  it('asks daily campaign analytics in Rest.li syntax with the version header, names campaigns', async () => {
    const { fetchers, sent } = recordedFetchers([
      json('linkedin-ad-analytics.json'),
      json('linkedin-ad-campaigns.json'),
    ]);
    const fields = ['date', 'campaign', 'impressions', 'clicks', 'cost', 'ctr', 'conversions'];
    const result = await fetcherOf(fetchers, 'linkedin-ads').fetch(requestFor('508000000', fields));
    expect(result.rows).toEqual([
      ['20240301', 'Decision makers - EMEA', 5000, 40, 123.45, 0.008, 3],
      ['20240302', 'Decision makers - EMEA', 0, 0, 0, null, null],
    ]);
    const [analytics, campaigns] = sent;
    expect(analytics?.url.toString()).toContain(
      '/rest/adAnalytics?q=analytics&pivot=CAMPAIGN&timeGranularity=DAILY&dateRange=(start:(year:2024,month:3,day:1),end:(year:2024,month:3,day:2))&accounts=List(urn%3Ali%3AsponsoredAccount%3A508000000)',
    );
    expect(analytics?.headers.get('linkedin-version')).toMatch(/^\d{6}$/);
    expect(analytics?.headers.get('x-restli-protocol-version')).toBe('2.0.0');
    expect(campaigns?.url.pathname).toBe('/rest/adAccounts/508000000/adCampaigns');
  });
});

describe('CallRail against recorded calls.json answers', () => {
  const login = JSON.stringify({ apiKey: 'cr-recorded-api-key', accountId: 'ACC123' });

  it('pages through calls and counts them per day and source', async () => {
    const { fetchers, sent } = recordedFetchers([
      json('callrail-calls-page1.json'),
      json('callrail-calls-page2.json'),
    ]);
    const fields = [
      'date',
      'source',
      'calls',
      'answered_calls',
      'missed_calls',
      'first_time_callers',
      'qualified_leads',
      'total_duration',
      'value',
    ];
    const result = await fetcherOf(fetchers, 'callrail').fetch(
      requestFor('COM456', fields, { accessToken: login }),
    );
    expect(result.rows).toEqual([
      ['20240301', 'Google Ads', 2, 1, 1, 1, 1, 120, 150],
      ['20240302', 'Direct', 1, 1, 0, 1, 0, 300, 0],
    ]);
    const [first, second] = sent;
    expect(first?.url.pathname).toBe('/v3/a/ACC123/calls.json');
    expect(first?.url.searchParams.get('company_id')).toBe('COM456');
    expect(first?.url.searchParams.get('start_date')).toBe('2024-03-01');
    expect(first?.headers.get('authorization')).toBe('Token token="cr-recorded-api-key"');
    expect(second?.url.searchParams.get('page')).toBe('2');
  });

  it('a refused API key asks to reconnect, and the key is in no message', async () => {
    const { fetchers } = recordedFetchers([json('callrail-error-401.json', 401)]);
    const error = await fetcherOf(fetchers, 'callrail')
      .fetch(requestFor('COM456', ['calls'], { accessToken: login }))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'reconnect',
      message: expect.stringContaining('Reconnect CallRail in Data Sources') as unknown,
    });
    expect(String((error as Error).message)).not.toContain('cr-recorded-api-key');
  });
});
