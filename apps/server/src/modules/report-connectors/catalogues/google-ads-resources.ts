import type { ReportField } from '../../reports/report-fetcher.ts';

/** One artifact of the field service's answer (a resource, attribute, segment or metric). */
export interface GoogleAdsField {
  name?: string;
  category?: string;
  dataType?: string;
  selectable?: boolean;
  isRepeated?: boolean;
  selectableWith?: string[];
  attributeResources?: string[];
  metrics?: string[];
  segments?: string[];
  enumValues?: string[];
}

/**
 * The Google Ads reports we read: GAQL resources a query reads FROM, least detailed first. A
 * query reads the first that answers every field asked, so campaign figures are read from the
 * campaign report, not summed from its keywords. How GAQL decides what goes together:
 * https://developers.google.com/google-ads/api/docs/query/structure (the FROM resource's own
 * fields, its attribute resources' fields, its metrics and its segments).
 */
export const REPORT_RESOURCES = [
  'campaign',
  'ad_group',
  'ad_group_ad',
  'keyword_view',
  'search_term_view',
] as const;

const LABELS: Readonly<Record<string, string>> = {
  campaign: 'Campaign',
  ad_group: 'Ad group',
  ad_group_ad: 'Ad',
  ad_group_criterion: 'Keyword',
  keyword_view: 'Keyword',
  search_term_view: 'Search term',
  customer: 'Account',
};

/** A resource as people know it: `ad_group_ad` → Ad. */
export const resourceLabel = (resource: string) => LABELS[resource] ?? resource;

/**
 * The report resources that can select a field: an attribute of the resource itself or of one
 * it joins (`attributeResources`), or one of its metrics or segments.
 */
export function resourcesOf(field: GoogleAdsField, resources: readonly GoogleAdsField[]): string[] {
  const name = field.name ?? '';
  const owner = name.split('.')[0] ?? '';
  return resources
    .filter((r) => {
      if (field.category === 'ATTRIBUTE') {
        return owner === r.name || (r.attributeResources ?? []).includes(owner);
      }
      if (field.category === 'METRIC') return (r.metrics ?? []).includes(name);
      if (field.category === 'SEGMENT') return (r.segments ?? []).includes(name);
      return false;
    })
    .map((r) => r.name ?? '');
}

/** The resources that answer all the fields (a field that lists none goes with any). */
function sharedResources(fields: readonly ReportField[]): string[] {
  return REPORT_RESOURCES.filter((r) =>
    fields.every((f) => !f.resources || f.resources.includes(r)),
  );
}

/** The resource a query for these fields reads FROM: the least detailed that has them all. */
export function reportResource(fields: readonly ReportField[]): string {
  return sharedResources(fields)[0] ?? 'campaign';
}

const listOf = (resources: readonly string[] = REPORT_RESOURCES) =>
  resources.map((r) => resourceLabel(r).toLowerCase()).join(', ');

/**
 * Why Google Ads would refuse these fields in one query, before any call: a segment and a
 * metric its field service says are not selectable together, or fields no one report has.
 */
export function googleAdsConflict(fields: readonly ReportField[]): string | undefined {
  const ids = new Set(fields.map((f) => f.id));
  for (const field of fields) {
    const other = field.incompatibleWith?.find((id) => ids.has(id));
    const partner = fields.find((f) => f.id === other);
    if (partner) {
      return `Google Ads cannot select "${field.name}" together with "${partner.name}". Remove one of them from the chart, or show them in two charts.`;
    }
  }
  if (sharedResources(fields).length > 0) return undefined;
  // Name the first field that leaves no report for those before it.
  for (let i = 1; i < fields.length; i += 1) {
    const before = fields.slice(0, i);
    const field = fields[i];
    if (!field || sharedResources([...before, field]).length > 0) continue;
    const partner =
      before.find((f) => sharedResources([f, field]).length === 0) ?? before[before.length - 1];
    if (!partner) break;
    return `Google Ads has no report with both "${partner.name}" (in the ${listOf(partner.resources)} reports) and "${field.name}" (in the ${listOf(field.resources)} reports). Remove one of them from the chart, or show them in two charts.`;
  }
  return undefined;
}
