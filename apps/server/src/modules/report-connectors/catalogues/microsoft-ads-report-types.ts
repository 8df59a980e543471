import type { ReportField } from '../../reports/report-fetcher.ts';

/**
 * Which Microsoft Advertising report answers which columns, as data from its reference: each
 * report type takes the columns of its own value set, and a report is grouped by the attribute
 * columns it asks, so one report type must hold every column of a chart.
 * https://learn.microsoft.com/advertising/reporting-service/campaignperformancereportcolumn
 * https://learn.microsoft.com/advertising/reporting-service/adgroupperformancereportcolumn
 * https://learn.microsoft.com/advertising/reporting-service/keywordperformancereportcolumn
 * https://learn.microsoft.com/advertising/reporting-service/adperformancereportcolumn
 * https://learn.microsoft.com/advertising/reporting-service/searchqueryperformancereportcolumn
 */

export interface MicrosoftReportType {
  /** The ReportRequest's `Type`. */
  request: string;
  /** How a person knows it. */
  name: string;
  /** The letter the catalogue marks its columns with. */
  letter: string;
  /** Columns every request of this type carries (the search term report's SearchQuery). */
  required: readonly string[];
  /** Columns that cannot come with the impression share columns below, and back. */
  restricted: readonly string[];
  impressionShare: readonly string[];
}

/** Impression share columns the campaign and ad group reports both restrict. */
const SHARE = [
  'AbsoluteTopImpressionRatePercent',
  'AbsoluteTopImpressionShareLostToBudgetPercent',
  'AbsoluteTopImpressionShareLostToRankPercent',
  'AbsoluteTopImpressionSharePercent',
  'AudienceImpressionLostToBudgetPercent',
  'AudienceImpressionLostToRankPercent',
  'AudienceImpressionSharePercent',
  'ClickSharePercent',
  'ExactMatchImpressionSharePercent',
  'ImpressionLostToBudgetPercent',
  'ImpressionLostToRankAggPercent',
  'ImpressionSharePercent',
  'RelativeCtr',
];
const RESTRICTED = ['BidMatchType', 'DeviceOS', 'Goal', 'GoalType', 'TopVsOther'];

/**
 * The report types, fewest rows first: a chart is answered by the first that takes all its
 * columns. The restrictions are the reference's "Column Restrictions":
 * https://learn.microsoft.com/advertising/guides/reports#columnrestrictions
 */
export const REPORT_TYPES: readonly MicrosoftReportType[] = [
  {
    request: 'CampaignPerformanceReportRequest',
    name: 'campaign',
    letter: 'c',
    required: [],
    restricted: [...RESTRICTED, 'BudgetAssociationStatus', 'BudgetName', 'BudgetStatus'],
    impressionShare: [
      ...SHARE,
      'TopImpressionRatePercent',
      'TopImpressionShareLostToBudgetPercent',
      'TopImpressionShareLostToRankPercent',
      'TopImpressionSharePercent',
    ],
  },
  {
    request: 'AdGroupPerformanceReportRequest',
    name: 'ad group',
    letter: 'g',
    required: [],
    restricted: RESTRICTED,
    impressionShare: SHARE,
  },
  {
    request: 'KeywordPerformanceReportRequest',
    name: 'keyword',
    letter: 'k',
    required: [],
    restricted: [],
    impressionShare: [],
  },
  {
    request: 'AdPerformanceReportRequest',
    name: 'ad',
    letter: 'a',
    required: [],
    restricted: [],
    impressionShare: [],
  },
  {
    request: 'SearchQueryPerformanceReportRequest',
    name: 'search term',
    letter: 'q',
    required: ['SearchQuery'],
    restricted: [],
    impressionShare: [],
  },
];

/** Audience impression share and relative CTR exclude these columns in the same two reports. */
const AUDIENCE = [
  'AudienceImpressionLostToBudgetPercent',
  'AudienceImpressionLostToRankPercent',
  'AudienceImpressionSharePercent',
  'RelativeCtr',
];
const AUDIENCE_RESTRICTED = ['CustomerId', 'CustomerName', 'DeliveredMatchType'];

/** One column: our id, the column, the letters of the reports that take it, name, description. */
export type Row = readonly [
  id: string,
  api: string,
  reports: string,
  name: string,
  description: string,
];

/** A rate a period's parts give again: a column, then the ids of its numerator and denominator. */
export type Ratio = readonly [...Row, numerator: string, denominator: string];

/** Columns every report type takes. */
export const ALL = 'cgkaq';

/** A catalogue field with its column and the letters of the report types that take it. */
export type MicrosoftColumn = Pick<ReportField, 'id' | 'name'> & { api: string; reports: string };

/** Whether one report of this type can hold all these columns together. */
function takes(type: MicrosoftReportType, fields: readonly MicrosoftColumn[]): boolean {
  if (!fields.every((f) => f.reports.includes(type.letter))) return false;
  const apis = new Set(fields.map((f) => f.api));
  const any = (columns: readonly string[]) => columns.some((c) => apis.has(c));
  if (any(type.restricted) && any(type.impressionShare)) return false;
  return !(type.impressionShare.length > 0 && any(AUDIENCE) && any(AUDIENCE_RESTRICTED));
}

/** The report type that answers these fields, fewest rows first; undefined if none can. */
export function reportTypeFor(fields: readonly MicrosoftColumn[]): MicrosoftReportType | undefined {
  return REPORT_TYPES.find((type) => takes(type, fields));
}

const reportNames = (field: MicrosoftColumn) =>
  REPORT_TYPES.filter((t) => field.reports.includes(t.letter)).map((t) => t.name);

/** "the campaign and ad group reports", "the keyword report". */
function inReports(field: MicrosoftColumn): string {
  const names = reportNames(field);
  const last = names.pop() ?? '';
  return names.length ? `the ${names.join(', ')} and ${last} reports` : `the ${last} report`;
}

/** Why no one report answers these fields, naming two that cannot come together. */
export function microsoftConflict(fields: readonly MicrosoftColumn[]): string | undefined {
  if (reportTypeFor(fields)) return undefined;
  for (const [i, a] of fields.entries()) {
    for (const b of fields.slice(i + 1)) {
      if (reportTypeFor([a, b])) continue;
      const shared = REPORT_TYPES.some(
        (t) => a.reports.includes(t.letter) && b.reports.includes(t.letter),
      );
      if (shared) {
        return `Microsoft Advertising does not report "${a.name}" and "${b.name}" together: its campaign and ad group reports give impression share figures only without such columns. Remove one of them from the chart.`;
      }
      return `Microsoft Advertising has no report with both "${a.name}" (in ${inReports(a)}) and "${b.name}" (in ${inReports(b)}). Remove one of them from the chart, or make a chart for each.`;
    }
  }
  const names = fields.map((f) => `"${f.name}"`).join(', ');
  return `Microsoft Advertising has no report with all of ${names} together. Remove some of them from the chart, or split it into charts for campaigns, ad groups, keywords, ads or search terms.`;
}

/** For each field, the fields no report can hold with it (the field explorer shows them). */
export function incompatibleIds(fields: readonly MicrosoftColumn[]): Map<string, string[]> {
  const out = new Map<string, string[]>(fields.map((f) => [f.id, []]));
  for (const [i, a] of fields.entries()) {
    for (const b of fields.slice(i + 1)) {
      if (reportTypeFor([a, b])) continue;
      out.get(a.id)?.push(b.id);
      out.get(b.id)?.push(a.id);
    }
  }
  return out;
}
