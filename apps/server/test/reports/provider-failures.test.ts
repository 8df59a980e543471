import { describe, expect, it } from 'vitest';
import type { ReportRequest } from '../../src/modules/reports/report-fetcher.ts';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';
import { createReportFetchers } from '../../src/modules/reports/report-fetchers.ts';
import { ReportError } from '../../src/modules/reports/report-fetcher.ts';
import type { Recorded } from './recorded-provider.ts';
import { TOKEN, fetcherOf, json, recordedFetchers, requestFor } from './recorded-provider.ts';

const CALLRAIL_LOGIN = JSON.stringify({ apiKey: 'cr-recorded-api-key', accountId: 'ACC123' });

/** The six real fetchers, each with an account, a field and its recorded auth failure. */
const FETCHERS: Array<{
  name: string;
  label: string;
  request: ReportRequest;
  unauthorized: Recorded;
}> = [
  {
    name: 'google-analytics',
    label: 'Google Analytics',
    request: requestFor('properties/1', ['sessions']),
    unauthorized: json('google-error-401.json', 401),
  },
  {
    name: 'google-ads',
    label: 'Google Ads',
    request: requestFor('1234567890', ['clicks']),
    unauthorized: json('google-error-401.json', 401),
  },
  {
    name: 'facebook-ads',
    label: 'Facebook Ads',
    request: requestFor('act_1', ['clicks']),
    unauthorized: json('facebook-error-190.json', 400),
  },
  {
    name: 'bing-ads',
    label: 'Microsoft Advertising (Bing Ads)',
    request: requestFor('1', ['clicks']),
    unauthorized: json('bing-error-105.json', 401),
  },
  {
    name: 'linkedin-ads',
    label: 'LinkedIn Ads',
    request: requestFor('1', ['clicks']),
    unauthorized: json('linkedin-error-401.json', 401),
  },
  {
    name: 'callrail',
    label: 'CallRail',
    request: requestFor('COM1', ['calls'], { accessToken: CALLRAIL_LOGIN }),
    unauthorized: json('callrail-error-401.json', 401),
  },
];

const failureOf = async (
  name: string,
  request: ReportRequest,
  script: Recorded[],
  timeoutMs?: number,
) => {
  const { fetchers } = recordedFetchers(script, timeoutMs ? { timeoutMs } : {});
  const error = await fetcherOf(fetchers, name)
    .fetch(request)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ReportError);
  return error as ReportError;
};

describe.each(FETCHERS)(
  '$name: provider failures become ReportErrors',
  ({ name, label, request, unauthorized }) => {
    it('an invalid token asks to reconnect the connector in Data Sources', async () => {
      const error = await failureOf(name, request, [unauthorized]);
      expect(error.kind).toBe('reconnect');
      expect(error.message).toContain(`Reconnect ${label} in Data Sources.`);
    });

    it('429 is rate_limited with the Retry-After the provider sent (seconds or a date)', async () => {
      const seconds = await failureOf(name, request, [
        json('google-error-429.json', 429, { 'retry-after': '17' }),
      ]);
      expect(seconds).toMatchObject({ kind: 'rate_limited', retryAfterMs: 17_000 });
      const at = new Date(Date.now() + 120_000).toUTCString();
      const dated = await failureOf(name, request, [
        json('google-error-429.json', 429, { 'retry-after': at }),
      ]);
      expect(dated.kind).toBe('rate_limited');
      expect(dated.retryAfterMs).toBeGreaterThan(100_000);
      expect(dated.retryAfterMs).toBeLessThanOrEqual(120_000);
    });

    it('5xx, an unreadable answer and a timeout are unavailable', async () => {
      expect((await failureOf(name, request, [json('google-error-503.json', 503)])).kind).toBe(
        'unavailable',
      );
      expect((await failureOf(name, request, [{ body: '<html>oops</html>' }])).kind).toBe(
        'unavailable',
      );
      const never: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        });
      const slow = createReportFetchers({
        definitions: FETCHER_DEFINITIONS,
        providers: recordedFetchers([]).providers,
        timeoutMs: 50,
        fetch: never,
      });
      const error = await fetcherOf(slow, name)
        .fetch(request)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: 'unavailable',
        message: expect.stringContaining('did not answer in time') as unknown,
      });
    });

    it('a provider quoting the token back in a 400 has it removed from the reason', async () => {
      const secret = name === 'callrail' ? 'cr-recorded-api-key' : TOKEN;
      const quoted: Recorded = {
        status: 400,
        body: JSON.stringify({
          error: { message: `Bad request for token ${secret} on this account` },
        }),
      };
      const error = await failureOf(name, request, [quoted]);
      expect(error.kind).toBe('invalid_request');
      expect(error.message).toContain('Bad request for token');
      expect(error.message).not.toContain(secret);
    });
  },
);
