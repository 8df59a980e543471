import { describe, expect, it } from 'vitest';
import { connectorListFromMap } from './connector-list.ts';
import { CONNECTORS, findConnector, findConnectorByName } from './connectors.ts';

describe('connectors catalog', () => {
  it('has about 26 connectors with unique ids and identifiers', () => {
    expect(CONNECTORS.length).toBeGreaterThanOrEqual(26);
    expect(new Set(CONNECTORS.map((c) => c.id)).size).toBe(CONNECTORS.length);
    expect(new Set(CONNECTORS.map((c) => c.nameSimple)).size).toBe(CONNECTORS.length);
  });
  it('keeps the numeric ids the spec names', () => {
    expect(findConnector(1)?.name).toBe('Google Analytics');
    expect(findConnector(3)?.name).toBe('Google Ads');
    expect(findConnector(39)?.nameSimple).toBe('facebook-ads');
    expect(findConnectorByName('etsy')?.id).toBe(18);
  });
  it('marks exactly ids 1, 3, 12, 13, 19 as Google-type', () => {
    expect(CONNECTORS.filter((c) => c.googleType).map((c) => c.id)).toEqual([1, 3, 12, 13, 19]);
  });
  it('marks the deprecated, beta and add-on connectors', () => {
    const names = (pick: (c: (typeof CONNECTORS)[number]) => boolean) =>
      CONNECTORS.filter(pick)
        .map((c) => c.nameSimple)
        .sort();
    expect(names((c) => c.deprecated)).toEqual(['apex-chat', 'avanser', 'call-tracking-metrics']);
    expect(names((c) => c.beta)).toEqual(['mailchimp']);
    expect(names((c) => c.addon)).toEqual([
      'bing-ads',
      'facebook-ads',
      'facebook-insights',
      'hubspot-analytics',
      'linkedin-ads',
      'linkedin-pages',
    ]);
  });
  it('gives every form-login connector at least one login field', () => {
    for (const c of CONNECTORS.filter((c) => c.auth === 'form')) {
      expect(c.loginFields?.length, c.name).toBeGreaterThan(0);
    }
  });
});

describe('connectorListFromMap: id from the key, sorted by name', () => {
  it('sets the id from the key and sorts by name, case-insensitive', () => {
    const list = connectorListFromMap({
      '3': { name: 'beta' },
      '1': { name: 'Alpha' },
      '2': { name: 'Charlie' },
    });
    expect(list).toEqual([
      { name: 'Alpha', id: 1 },
      { name: 'beta', id: 3 },
      { name: 'Charlie', id: 2 },
    ]);
  });
});
