import { describe, expect, it } from 'vitest';
import { CONNECTORS } from '@gds/contract';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';
import { SANDBOX_REPORT_APIS } from '@gds/sandbox';

/** Every connector that can be connected can be reported on, for real and in demo mode. */
describe('report coverage of the connector catalogue', () => {
  const connectable = CONNECTORS.filter((c) => !c.deprecated).map((c) => c.nameSimple);

  it('each has exactly one fetcher definition and a sandbox reporting API', () => {
    const defined = FETCHER_DEFINITIONS.map((d) => d.connector);
    expect(new Set(defined).size).toBe(defined.length);
    expect([...defined].sort()).toEqual([...connectable].sort());
    expect(Object.keys(SANDBOX_REPORT_APIS).sort()).toEqual([...connectable].sort());
  });

  it('each catalogue has a date dimension, unique lower_snake_case ids and sane ranges', () => {
    for (const definition of FETCHER_DEFINITIONS) {
      const fields = definition.fields({ externalId: '1', name: 'x', currency: 'EUR' });
      const ids = fields.map((f) => f.id);
      expect(ids, definition.connector).toContain('date');
      expect(new Set(ids).size, definition.connector).toBe(ids.length);
      for (const id of ids) expect(id, definition.connector).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(
        fields.some((f) => f.concept === 'METRIC'),
        definition.connector,
      ).toBe(true);
      for (const f of fields.filter((f) => f.type.startsWith('CURRENCY_'))) {
        expect(f.type, `${definition.connector} ${f.id}`).toBe('CURRENCY_EUR');
      }
      expect(definition.defaultDateRangeDays).toBeLessThanOrEqual(definition.historyDays);
      expect(definition.maxDaysPerCall).toBeLessThanOrEqual(definition.historyDays);
    }
  });
});
