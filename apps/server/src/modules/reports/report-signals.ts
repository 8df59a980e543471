import type { DataNotice } from '@gds/contract';

/**
 * What a provider says about a report besides its rows: how much of its quota the calls
 * spent or how close the account is to its limit, and whether the figures are exact (GA4
 * samples, thresholds and lumps rows into "(other)"). Fetchers write them as they read each
 * answer; the data API stores them with the account and the request.
 */

/** One quota as a provider stated it after a call. */
export interface QuotaReading {
  /** The provider's name for the quota (GA4's `tokensPerHour`, Meta's `ads_insights`). */
  quota: string;
  /** Units this call spent, when the provider says (GA4's `consumed`). */
  spent: number | null;
  /** Units left, when the provider says (GA4's `remaining`). */
  remaining: number | null;
  /** Share of the quota used, 0–100, when the provider states it so (Meta's usage headers). */
  usedPct: number | null;
  /** How long until the quota is whole again, when the provider says (Meta, Retry-After). */
  resetMs: number | null;
  /** The window the quota counts over: it refreshes at the end of it. */
  window: 'hour' | 'day' | 'call';
}

/** Collects a report's signals while its calls run (one per job). */
export interface ReportSignals {
  quota: QuotaReading[];
  notices: DataNotice[];
}

export const emptySignals = (): ReportSignals => ({ quota: [], notices: [] });

/** Adds a notice unless one of its kind is already there (every page of GA4 repeats them). */
export function addNotice(signals: ReportSignals | undefined, notice: DataNotice): void {
  if (!signals || signals.notices.some((n) => n.kind === notice.kind)) return;
  signals.notices.push(notice);
}
