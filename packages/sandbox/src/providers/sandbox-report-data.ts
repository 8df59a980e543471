import { createHash } from 'node:crypto';

/**
 * The sandbox's report figures: deterministic, so a chart drawn today looks the same
 * tomorrow, and realistic enough to demo. Every number derives from the account id, the day
 * and the campaign: a size per account, a weekly rhythm (quieter weekends), a slow yearly
 * wave, and noise of about ±15 % a day.
 */

/** A uniform number in [0, 1) from the seed parts. */
export function seeded(...parts: ReadonlyArray<string | number>): number {
  const hash = createHash('sha256').update(parts.join('|')).digest();
  return hash.readUInt32BE(0) / 0x1_0000_0000;
}

const between = (low: number, high: number, ...seed: Array<string | number>) =>
  low + (high - low) * seeded(...seed);

/** Sunday to Saturday: businesses hear less from people at weekends. */
const WEEKDAY = [0.72, 1.05, 1.1, 1.08, 1.04, 0.97, 0.78];

/** How busy a day is for this account, around 1. */
export function dayFactor(account: string, day: string): number {
  const date = new Date(`${day}T00:00:00Z`);
  const dayOfYear = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 864e5);
  const wave = 1 + 0.15 * Math.sin((2 * Math.PI * dayOfYear) / 365);
  return (WEEKDAY[date.getUTCDay()] ?? 1) * wave * between(0.85, 1.15, account, day, 'noise');
}

/** How big an account is: sizes differ by up to 6x between accounts. */
export const accountScale = (account: string) => between(0.5, 3, account, 'scale');

const CAMPAIGN_NAMES = [
  'Brand - Search',
  'Prospecting - Broad',
  'Retargeting - Site visitors',
  'Spring Sale',
  'Lead Gen - Consultations',
  'Competitor terms',
  'Video - Awareness',
  'Local services',
];

export interface SandboxCampaign {
  id: string;
  name: string;
  /** Its share of the account's traffic. */
  share: number;
}

/** Three campaigns per account, with stable ids, names and shares. */
export function sandboxCampaigns(account: string): SandboxCampaign[] {
  const start = Math.floor(seeded(account, 'campaigns') * CAMPAIGN_NAMES.length);
  const shares = [0.5, 0.3, 0.2];
  return shares.map((share, i) => ({
    id: String(100_000_000 + Math.floor(seeded(account, 'campaign', i) * 899_999_999)),
    name: CAMPAIGN_NAMES[(start + i) % CAMPAIGN_NAMES.length] ?? 'Campaign',
    share,
  }));
}

/** A campaign's advertising day: impressions, clicks, cost (account currency), conversions. */
export function adDay(account: string, day: string, campaign: SandboxCampaign) {
  const volume = 2400 * accountScale(account) * dayFactor(account, day) * campaign.share;
  const impressions = Math.round(volume * between(0.9, 1.1, account, day, campaign.id, 'i'));
  const ctr = between(0.015, 0.065, account, campaign.id, 'ctr');
  const clicks = Math.round(impressions * ctr * between(0.85, 1.15, account, day, campaign.id));
  const cpc = between(0.45, 2.6, account, campaign.id, 'cpc');
  const cost = Math.round(clicks * cpc * 100) / 100;
  const conversions = Math.round(clicks * between(0.02, 0.09, account, day, campaign.id, 'cv'));
  const value = Math.round(conversions * between(40, 140, account, campaign.id, 'aov') * 100) / 100;
  const reach = Math.round(impressions * between(0.55, 0.8, account, day, campaign.id, 'r'));
  return { impressions, clicks, cost, conversions, value, reach };
}

/** A website's day: sessions and what people did (Google Analytics and the like). */
export function siteDay(account: string, day: string, share = 1) {
  const sessions = Math.round(
    320 *
      accountScale(account) *
      dayFactor(account, day) *
      share *
      between(0.95, 1.05, account, day, share),
  );
  const users = Math.round(sessions * between(0.74, 0.86, account, day, 'u'));
  const engaged = Math.round(sessions * between(0.52, 0.7, account, day, 'e'));
  return {
    sessions,
    users,
    newUsers: Math.round(users * between(0.55, 0.7, account, day, 'n')),
    engaged,
    pageViews: Math.round(sessions * between(2, 3.5, account, day, 'pv')),
    averageDuration: Math.round(between(70, 240, account, day, 'd')),
    keyEvents: Math.round(sessions * between(0.015, 0.045, account, day, 'k')),
    revenue: Math.round(sessions * between(0.8, 3.2, account, day, 'rev') * 100) / 100,
  };
}

/** How many of something happen on a day, around `mean` for this account. */
export const dailyCount = (account: string, day: string, mean: number, salt = '') =>
  Math.max(
    0,
    Math.round(
      mean *
        accountScale(account) *
        dayFactor(account, day) *
        between(0.8, 1.2, account, day, salt),
    ),
  );
