import type { QuotaReading, ReportSignals } from '../reports/report-signals.ts';
import { addNotice } from '../reports/report-signals.ts';
import { toNumber } from '../reports/report-values.ts';

/**
 * What a GA4 runReport answer says besides its rows. With `returnPropertyQuota: true` it holds
 * `propertyQuota`: for each quota what this call consumed and what remains
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/PropertyQuota).
 * Hourly quotas refresh within the hour and daily ones at midnight Pacific time
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/quotas). Its `metadata`
 * says when the figures are not exact: `samplingMetadatas` (one per date range, only when
 * sampled), `subjectToThresholding` and `dataLossFromOtherRow`
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/ResponseMetaData).
 */
export interface Ga4AnswerMeta {
  propertyQuota?: Partial<Record<string, { consumed?: number; remaining?: number }>>;
  metadata?: {
    samplingMetadatas?: Array<{ samplesReadCount?: string; samplingSpaceSize?: string }>;
    subjectToThresholding?: boolean;
    dataLossFromOtherRow?: boolean;
  };
}

/** GA4's property quotas, and the window each counts over. */
const GA4_QUOTAS: Readonly<Record<string, QuotaReading['window']>> = {
  tokensPerDay: 'day',
  tokensPerHour: 'hour',
  tokensPerProjectPerHour: 'hour',
  potentiallyThresholdedRequestsPerHour: 'hour',
  concurrentRequests: 'call',
};

/** Records an answer's quota readings and notices with the request's signals. */
export function readGa4Answer(answer: Ga4AnswerMeta, signals: ReportSignals | undefined): void {
  if (!signals) return;
  for (const [quota, window] of Object.entries(GA4_QUOTAS)) {
    const status = answer.propertyQuota?.[quota];
    if (!status) continue;
    signals.quota.push({
      quota,
      spent: toNumber(status.consumed),
      remaining: toNumber(status.remaining),
      usedPct: null,
      resetMs: null,
      window,
    });
  }
  const meta = answer.metadata;
  const sample = meta?.samplingMetadatas?.[0];
  if (sample) {
    const read = Number(sample.samplesReadCount);
    const space = Number(sample.samplingSpaceSize);
    const share =
      read > 0 && space > 0
        ? ` from ${Math.max(0.1, Math.round((read / space) * 1000) / 10)}% of the events`
        : '';
    addNotice(signals, {
      kind: 'sampled',
      message: `Google Analytics sampled these figures${share}: they are estimates. A shorter date range or fewer dimensions reads them whole.`,
    });
  }
  if (meta?.subjectToThresholding === true) {
    addNotice(signals, {
      kind: 'thresholded',
      message:
        'Google Analytics may have withheld rows with few users (thresholding, to protect their privacy): totals can be lower than in Google Analytics itself.',
    });
  }
  if (meta?.dataLossFromOtherRow === true) {
    addNotice(signals, {
      kind: 'other_row',
      message:
        'Google Analytics lumped some rows into "(other)" because the report has too many distinct values: fewer dimensions or a filter keeps them apart.',
    });
  }
}
