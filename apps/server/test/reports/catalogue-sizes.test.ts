import { describe, expect, it } from 'vitest';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';

/**
 * The documented catalogues of providers without a metadata API hold their providers' fields,
 * each described, grouped, typed for Looker Studio and, for a metric, aggregated; each names
 * the provider's own field it reads. (GA4's come from each property's metadata: the sample
 * connector's demo test counts those.)
 */
describe('documented field catalogues', () => {
  const account = { externalId: '1', name: 'x', currency: 'EUR' };
  const atLeast: Readonly<Record<string, number>> = {
    'facebook-ads': 100,
    'linkedin-ads': 40,
    'bing-ads': 60,
  };

  it.each(Object.entries(atLeast))('%s has at least %i described fields', (connector, count) => {
    const definition = FETCHER_DEFINITIONS.find((d) => d.connector === connector);
    const fields = definition?.fields(account) ?? [];
    expect(fields.length).toBeGreaterThanOrEqual(count);
    // A repeated id would hide one field behind another in a report's request.
    const ids = fields.map((field) => field.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const field of fields) {
      expect(field.id, field.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(field.name, field.id).toBeTruthy();
      expect(field.description, field.id).toBeTruthy();
      expect(field.group, field.id).toBeTruthy();
      expect(field.api, field.id).toBeTruthy();
      expect(field.type, field.id).toBeTruthy();
      if (field.concept === 'METRIC') expect(field.aggregation, field.id).toBeTruthy();
    }
  });
});
