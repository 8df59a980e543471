import { describe, expect, it } from 'vitest';
import { adDay, dayFactor, sandboxCampaigns, siteDay } from './sandbox-report-data.ts';

const days = (start: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${start}T00:00:00Z`) + i * 864e5).toISOString().slice(0, 10),
  );

describe('the sandbox report figures', () => {
  it('are the same on every call, and differ between accounts and days', () => {
    const [campaign] = sandboxCampaigns('acc-1');
    if (!campaign) throw new Error('no campaign');
    expect(adDay('acc-1', '2026-03-02', campaign)).toEqual(adDay('acc-1', '2026-03-02', campaign));
    expect(sandboxCampaigns('acc-1')).toEqual(sandboxCampaigns('acc-1'));
    expect(siteDay('acc-1', '2026-03-02')).not.toEqual(siteDay('acc-2', '2026-03-02'));
    expect(siteDay('acc-1', '2026-03-02')).not.toEqual(siteDay('acc-1', '2026-03-03'));
  });

  it('weekends are quieter than weekdays over a quarter', () => {
    const quarter = days('2026-01-05', 91);
    const mean = (list: string[]) =>
      list.reduce((s, d) => s + dayFactor('acc-1', d), 0) / list.length;
    const weekend = quarter.filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    const weekdays = quarter.filter((d) => !weekend.includes(d));
    expect(mean(weekend)).toBeLessThan(mean(weekdays) * 0.85);
  });

  it('have sensible magnitudes: clicks below impressions, CTR and CPC in real ranges', () => {
    for (const day of days('2026-03-01', 30)) {
      for (const campaign of sandboxCampaigns('acc-9')) {
        const f = adDay('acc-9', day, campaign);
        expect(f.clicks).toBeLessThan(f.impressions);
        expect(f.clicks / f.impressions).toBeLessThan(0.1);
        if (f.clicks > 0) expect(f.cost / f.clicks).toBeLessThan(4);
        expect(f.conversions).toBeLessThanOrEqual(f.clicks);
      }
      const site = siteDay('acc-9', day);
      expect(site.users).toBeLessThanOrEqual(site.sessions);
      expect(site.engaged).toBeLessThanOrEqual(site.sessions);
    }
  });
});
