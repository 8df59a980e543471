import { REPORT_RULES } from '@gds/sandbox';
import { describe, expect, it } from 'vitest';
import { FETCHER_DEFINITIONS } from '../../src/modules/report-connectors/fetcher-definitions.ts';

/**
 * The day store keeps a day as final once it is older than the fetcher's settle window. The
 * sandbox providers revise a day for their own window, as the real providers do: a fetcher that
 * settled sooner than its provider revises would keep figures the provider later changed, and
 * the demo (and every test on the sandbox) would show numbers that are not the provider's.
 */
describe('settle windows', () => {
  it.each(FETCHER_DEFINITIONS.map((d) => [d.connector, d] as const))(
    '%s keeps a day open at least as long as its provider revises it',
    (connector, definition) => {
      const rules = REPORT_RULES[connector];
      expect(rules, `the sandbox declares no report rules for ${connector}`).toBeDefined();
      expect(definition.settleDays).toBeGreaterThanOrEqual(rules?.settleDays ?? Infinity);
    },
  );
});
