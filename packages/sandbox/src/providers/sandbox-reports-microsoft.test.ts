import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { findConnectorByName } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import { sandboxDetail } from './sandbox-answers.ts';
import { SandboxProviderControl } from './sandbox-control.ts';
import { bingAdsReports } from './sandbox-reports-microsoft.ts';

const ACCOUNT = '149000123';
const NOW = Date.parse('2026-11-28T15:00:00Z');

/** A call to the sandbox Reporting service as the routes make it. */
function ask(path: string, body?: unknown) {
  const found = findConnectorByName('bing-ads');
  const api = found ? providerApiOf(found) : undefined;
  if (!found || !api) throw new Error('no bing-ads connector');
  return bingAdsReports.answer({
    connector: { ...found, api },
    method: 'POST',
    path,
    query: new URLSearchParams(),
    headers: { customerid: sandboxDetail('bing-ads', 'customerId', ACCOUNT) },
    body,
    accounts: new Set([ACCOUNT]),
    base: 'http://sandbox.test/bing-ads/reports',
    sign: (text) => `signed-${text.length}`,
    now: NOW,
    realNow: NOW,
    quota: new SandboxProviderControl(),
  });
}

const submit = (type: string, columns: string[], aggregation = 'Daily') =>
  ask('GenerateReport/Submit', {
    ReportRequest: {
      Type: type,
      Aggregation: aggregation,
      Columns: columns,
      Scope: { AccountIds: [Number(ACCOUNT)] },
      Time: {
        CustomDateRangeStart: { Year: 2026, Month: 3, Day: 1 },
        CustomDateRangeEnd: { Year: 2026, Month: 3, Day: 7 },
      },
    },
  });

/** The report's CSV records, downloaded as the fetcher does (no poll needed: it is signed). */
function report(
  type: string,
  columns: string[],
  aggregation = 'Daily',
): Array<Record<string, string>> {
  const submitted = submit(type, columns, aggregation);
  const id = (submitted.json as { ReportRequestId?: string }).ReportRequestId;
  expect(id, JSON.stringify(submitted.json)).toBeTruthy();
  const file = ask(`download/${id}`).file;
  const csv = Buffer.from(Object.values(unzipSync(file?.bytes ?? new Uint8Array()))[0] ?? [])
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const [header = '', ...lines] = csv.trim().split('\r\n');
  const cells = (line: string) => line.slice(1, -1).split('","');
  const names = cells(header);
  return lines.map((line) =>
    Object.fromEntries(cells(line).map((v, i): [string, string] => [names[i] ?? '', v])),
  );
}

const errorOf = (answer: ReturnType<typeof ask>) =>
  (answer.json as { OperationErrors: Array<{ Code: number; Message: string }> }).OperationErrors[0];

describe('the sandbox Microsoft Advertising reports', () => {
  it("answers a keyword report's quality scores, one per keyword, and clicks that agree with the campaign report", () => {
    const keywords = report('KeywordPerformanceReportRequest', [
      'TimePeriod',
      'CampaignId',
      'Keyword',
      'QualityScore',
      'ExpectedCtr',
      'Clicks',
      'Ctr',
    ]);
    expect(keywords.length).toBe(7 * 3 * 4);
    for (const row of keywords) {
      expect(Number(row.QualityScore)).toBeGreaterThanOrEqual(3);
      expect(Number.isInteger(Number(row.QualityScore)), row.QualityScore).toBe(true);
      expect(row.Ctr).toMatch(/^\d+\.\d\d%$/);
    }
    const byKeyword = new Map(keywords.map((r) => [r.Keyword, r.QualityScore]));
    expect(keywords.every((r) => byKeyword.get(r.Keyword) === r.QualityScore)).toBe(true);
    const campaigns = report(
      'CampaignPerformanceReportRequest',
      ['CampaignId', 'Clicks'],
      'Summary',
    );
    const total = (rows: typeof keywords) => rows.reduce((s, r) => s + Number(r.Clicks), 0);
    expect(campaigns.length).toBe(3);
    expect(total(keywords)).toBe(total(campaigns));
  });

  it('answers a search term report by search term, with its required column', () => {
    const terms = report(
      'SearchQueryPerformanceReportRequest',
      ['CampaignId', 'SearchQuery', 'DeviceType', 'Impressions', 'Clicks'],
      'Summary',
    );
    expect(terms.length).toBe(3 * 2 * 2 * 2);
    expect(new Set(terms.map((r) => r.SearchQuery)).size).toBe(terms.length);
    expect(new Set(terms.map((r) => r.DeviceType))).toEqual(new Set(['Computer', 'Smartphone']));
  });

  it('refuses what Microsoft refuses: a column of another report type, a missing required one', () => {
    const search = submit('KeywordPerformanceReportRequest', ['SearchQuery', 'Clicks']);
    expect(search.status).toBe(400);
    expect(errorOf(search)?.Message).toBe(
      'SearchQuery is not a column of KeywordPerformanceReportRequest.',
    );
    const share = submit('SearchQueryPerformanceReportRequest', [
      'SearchQuery',
      'ImpressionSharePercent',
    ]);
    expect(errorOf(share)?.Message).toContain('ImpressionSharePercent is not a column');
    const segment = submit('CampaignPerformanceReportRequest', [
      'TopVsOther',
      'ImpressionSharePercent',
    ]);
    expect(errorOf(segment)?.Message).toBe(
      'ImpressionSharePercent and TopVsOther cannot be included in the same CampaignPerformanceReportRequest.',
    );
    expect(
      submit('KeywordPerformanceReportRequest', ['TopVsOther', 'Clicks']).status,
    ).toBeUndefined();
    expect(errorOf(submit('SearchQueryPerformanceReportRequest', ['Clicks']))?.Code).toBe(2015);
    expect(
      errorOf(submit('CampaignPerformanceReportRequest', ['TimePeriod', 'Clicks'], 'Summary'))
        ?.Code,
    ).toBe(2034);
    expect(errorOf(submit('NoSuchReportRequest', ['Clicks']))?.Code).toBe(2002);
  });
});
