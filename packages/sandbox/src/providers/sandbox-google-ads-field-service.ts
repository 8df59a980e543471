import {
  ATTRIBUTES,
  METRICS,
  REPEATED,
  REPORT_RESOURCES,
  SEGMENTS,
  refusedTogether,
} from './sandbox-google-ads-fields.ts';
import type { SandboxReportAnswer } from './sandbox-report-api.ts';
import { errorAnswer, pageToken, readPageToken } from './sandbox-report-api.ts';

/**
 * Google Ads' field service in the sandbox: `POST googleAdsFields:search` answers the
 * catalogue's artifacts as GoogleAdsField objects
 * (https://developers.google.com/google-ads/api/rest/reference/rest/v20/googleAdsFields/search),
 * and the report answer asks it what a GAQL query may select.
 */

/** A field as the field service describes it (REST names). */
export interface SandboxAdsField {
  resourceName: string;
  name: string;
  category: 'RESOURCE' | 'ATTRIBUTE' | 'SEGMENT' | 'METRIC';
  dataType: string;
  selectable: boolean;
  filterable: boolean;
  sortable: boolean;
  isRepeated: boolean;
  selectableWith: string[];
  attributeResources?: string[];
  metrics?: string[];
  segments?: string[];
  enumValues?: string[];
}

const segmentName = (name: string) => `segments.${name}`;
const metricName = (name: string) => `metrics.${name}`;

function buildArtifacts(): SandboxAdsField[] {
  const artifact = (
    name: string,
    category: SandboxAdsField['category'],
    dataType: string,
    selectableWith: string[],
    extra: Partial<SandboxAdsField> = {},
  ): SandboxAdsField => ({
    resourceName: `googleAdsFields/${name}`,
    name,
    category,
    dataType,
    selectable: category !== 'RESOURCE' && dataType !== 'MESSAGE',
    filterable: category !== 'RESOURCE',
    sortable: category !== 'RESOURCE' && !REPEATED.has(name),
    isRepeated: REPEATED.has(name),
    selectableWith,
    ...extra,
  });
  const reports = Object.keys(REPORT_RESOURCES);
  const segmentsOf = (r: string) => SEGMENTS.filter(([, , in_]) => in_.includes(r));
  const metricsOf = (r: string) => METRICS.filter(([, , in_]) => in_.includes(r));
  const resources = Object.keys(ATTRIBUTES).map((r) => {
    const joins = REPORT_RESOURCES[r];
    return artifact(r, 'RESOURCE', 'MESSAGE', joins ? [...joins] : reports, {
      ...(joins
        ? {
            attributeResources: [...joins],
            metrics: metricsOf(r).map(([m]) => metricName(m)),
            segments: segmentsOf(r).map(([s]) => segmentName(s)),
          }
        : {}),
    });
  });
  const attributes = Object.entries(ATTRIBUTES).flatMap(([resource, list]) =>
    list.map(([name, dataType, values]) => {
      const withReports = reports.filter(
        (r) => r === resource || (REPORT_RESOURCES[r] ?? []).includes(resource),
      );
      return artifact(`${resource}.${name}`, 'ATTRIBUTE', dataType, withReports, {
        ...(values ? { enumValues: ['UNSPECIFIED', 'UNKNOWN', ...values] } : {}),
      });
    }),
  );
  const segments = SEGMENTS.map(([name, dataType, in_, values]) =>
    artifact(
      segmentName(name),
      'SEGMENT',
      dataType,
      [
        ...in_,
        ...SEGMENTS.filter(([other]) => other !== name).map(([other]) => segmentName(other)),
        ...METRICS.filter(([m]) => !refusedTogether(name, m)).map(([m]) => metricName(m)),
      ],
      values ? { enumValues: ['UNSPECIFIED', 'UNKNOWN', ...values] } : {},
    ),
  );
  const metrics = METRICS.map(([name, dataType, in_]) =>
    artifact(metricName(name), 'METRIC', dataType, [
      ...in_,
      ...SEGMENTS.filter(([s]) => !refusedTogether(s, name)).map(([s]) => segmentName(s)),
    ]),
  );
  return [...resources, ...attributes, ...segments, ...metrics];
}

/** Every artifact, built once: the data never changes. */
export const ADS_FIELDS: ReadonlyMap<string, SandboxAdsField> = new Map(
  buildArtifacts().map((a) => [a.name, a]),
);

/** The field service's largest page here (the real one chooses its own). */
const FIELD_PAGE = 1000;

/**
 * `googleAdsFields:search`: the artifacts the query's `WHERE category IN (…)` or
 * `WHERE name IN (…)` names, in pages of `pageSize`.
 */
export function searchAdsFields(body: {
  query?: string;
  pageToken?: string;
  pageSize?: number;
}): SandboxReportAnswer {
  const query = body.query ?? '';
  const where = /\bWHERE\s+(name|category)\s+(?:IN\s*\(([^)]*)\)|=\s*('[^']*'))\s*$/i.exec(query);
  if (!/^\s*SELECT\s+\w/i.test(query) || !where) {
    return errorAnswer(
      400,
      "Error in query: expected SELECT … WHERE name IN ('…') or WHERE category IN ('…').",
    );
  }
  const wanted = new Set(
    (where[2] ?? where[3] ?? '').split(',').map((v) => v.trim().replace(/^'|'$/g, '')),
  );
  const by = (where[1] ?? '').toLowerCase() as 'name' | 'category';
  const all = [...ADS_FIELDS.values()].filter((a) => wanted.has(a[by]));
  const size = Math.min(FIELD_PAGE, Math.max(1, Number(body.pageSize ?? FIELD_PAGE)));
  const offset = readPageToken(body.pageToken);
  const next = offset + size < all.length ? pageToken(offset + size) : undefined;
  return {
    json: {
      results: all.slice(offset, offset + size),
      totalResultsCount: String(all.length),
      ...(next ? { nextPageToken: next } : {}),
    },
  };
}

/**
 * Why Google would refuse selecting these fields FROM the resource, in its words; undefined
 * when it would not.
 */
export function gaqlRefusal(resource: string, fields: readonly string[]): string | undefined {
  const from = ADS_FIELDS.get(resource);
  if (!from?.attributeResources) {
    return `Error in query: ${resource} is not a resource the sandbox reports FROM.`;
  }
  for (const name of fields) {
    const field = ADS_FIELDS.get(name);
    if (!field) return `Unrecognized field in the query: '${name}'.`;
    if (!field.selectable || field.isRepeated) {
      return `The following field is not selectable here: '${name}'.`;
    }
    const owner = name.split('.')[0] ?? '';
    const ok =
      field.category === 'ATTRIBUTE'
        ? owner === resource || from.attributeResources.includes(owner)
        : (field.category === 'METRIC' ? from.metrics : from.segments)?.includes(name);
    if (!ok) {
      return `PROHIBITED_FIELD_IN_SELECT_CLAUSE: '${name}' cannot be selected FROM ${resource}.`;
    }
  }
  for (const segment of fields.filter((f) => ADS_FIELDS.get(f)?.category === 'SEGMENT')) {
    const refused = fields.find(
      (f) =>
        ADS_FIELDS.get(f)?.category === 'METRIC' &&
        !ADS_FIELDS.get(segment)?.selectableWith.includes(f),
    );
    if (refused) {
      return `PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE: '${segment}' is not selectable with '${refused}'.`;
    }
  }
  return undefined;
}
