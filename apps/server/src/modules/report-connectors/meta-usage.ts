import type { QuotaReading } from '../reports/report-signals.ts';
import { toNumber } from '../reports/report-values.ts';

/**
 * Meta's Marketing API states its rate-limit usage in answer headers
 * (https://developers.facebook.com/docs/marketing-api/overview/rate-limiting and
 * https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
 * `X-Business-Use-Case-Usage` holds, per business, a list of use cases (`ads_insights`, …)
 * with `call_count`, `total_cputime` and `total_time` as percentages of the limit and
 * `estimated_time_to_regain_access` in minutes; `X-Ad-Account-Usage` holds the ad account's
 * `acc_id_util_pct` and `reset_time_duration` in seconds. Calls fail once a share reaches 100.
 */
export function readMetaUsage(headers: Headers): QuotaReading[] {
  const readings: QuotaReading[] = [];
  const business = parse(headers.get('x-business-use-case-usage'));
  if (business && typeof business === 'object') {
    for (const cases of Object.values(business as Record<string, unknown>)) {
      if (!Array.isArray(cases)) continue;
      for (const entry of cases as Array<Record<string, unknown>>) {
        const used = Math.max(
          toNumber(entry.call_count) ?? 0,
          toNumber(entry.total_cputime) ?? 0,
          toNumber(entry.total_time) ?? 0,
        );
        const minutes = toNumber(entry.estimated_time_to_regain_access) ?? 0;
        readings.push({
          quota: typeof entry.type === 'string' ? entry.type : 'business_use_case',
          spent: null,
          remaining: null,
          usedPct: used,
          resetMs: minutes > 0 ? minutes * 60_000 : null,
          window: 'hour',
        });
      }
    }
  }
  const account = parse(headers.get('x-ad-account-usage')) as Record<string, unknown> | undefined;
  const pct = account ? toNumber(account.acc_id_util_pct) : null;
  if (account && pct !== null) {
    const seconds = toNumber(account.reset_time_duration) ?? 0;
    readings.push({
      quota: 'ad_account',
      spent: null,
      remaining: null,
      usedPct: pct,
      resetMs: seconds > 0 ? seconds * 1000 : null,
      window: 'hour',
    });
  }
  return readings;
}

function parse(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
