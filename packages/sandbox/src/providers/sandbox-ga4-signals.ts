import type { SandboxReportAnswer, SandboxReportCall } from './sandbox-report-api.ts';
import { errorAnswer } from './sandbox-report-api.ts';

/**
 * What the sandbox GA4 answers besides rows: the property's quota, spent call by call
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/quotas: tokens per
 * hour, per project per hour and per day, the daily ones counted in Pacific days), and for the
 * second property of every login the notices of a busy property: sampled over ranges of more
 * than a week, subject to thresholding, and "(other)" rows by landing page
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/ResponseMetaData).
 */

const pacificDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' });

/** Tokens one runReport costs: a few, more for long ranges and many rows (GA4's own rule is similar). */
export const ga4Cost = (days: number, rows: number): number =>
  Math.min(50, 1 + Math.ceil(days / 30) + Math.floor(rows / 2000));

/** Spends the call's tokens: the answer's propertyQuota, or GA4's 429 when a quota is spent. */
export function spendGa4Quota(
  call: SandboxReportCall,
  property: string,
  tokens: number,
):
  { propertyQuota: Record<string, { consumed: number; remaining: number }> } | SandboxReportAnswer {
  const hour = new Date(call.now).toISOString().slice(0, 13);
  const day = pacificDay.format(new Date(call.now));
  const limits = call.quota.ga4Quota;
  const quotas = [
    {
      name: 'tokensPerHour',
      key: `${property} tokensPerHour ${hour}`,
      limit: limits.tokensPerHour,
    },
    {
      name: 'tokensPerProjectPerHour',
      key: `${property} tokensPerProjectPerHour ${hour}`,
      limit: limits.tokensPerProjectPerHour,
    },
    { name: 'tokensPerDay', key: `${property} tokensPerDay ${day}`, limit: limits.tokensPerDay },
  ];
  const spent = call.quota.spendQuota(quotas, tokens);
  if ('exhausted' in spent) {
    const name = quotas.find((q) => q.key === spent.exhausted)?.name ?? 'tokensPerHour';
    return {
      ...errorAnswer(429, `Exhausted property ${name} for property ${property}.`),
      json: {
        error: {
          code: 429,
          message: `Exhausted property ${name} for property ${property}.`,
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    };
  }
  return {
    propertyQuota: Object.fromEntries(
      quotas.map((q, i) => [q.name, { consumed: tokens, remaining: spent.remaining[i] ?? 0 }]),
    ),
  };
}

/** The notices of a busy property (every login's second one), as GA4's metadata states them. */
export function busyPropertyMetadata(
  property: string,
  days: number,
  dimensions: readonly string[],
): Record<string, unknown> {
  if (!property.endsWith('-2')) return {};
  return {
    subjectToThresholding: true,
    ...(days > 7
      ? { samplingMetadatas: [{ samplesReadCount: '250000', samplingSpaceSize: '1000000' }] }
      : {}),
    ...(dimensions.includes('landingPage') ? { dataLossFromOtherRow: true } : {}),
  };
}
