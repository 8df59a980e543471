import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOST_UNIT_MAP,
  formatHostUnitMap,
  parseHostUnitMap,
  resolveBusinessUnit,
} from './business-units.ts';

describe('resolveBusinessUnit: the host map decides, else the first unit', () => {
  it('falls back to the first unit for localhost and unknown hosts', () => {
    expect(resolveBusinessUnit('localhost', DEFAULT_HOST_UNIT_MAP)).toBe('MEGALYTIC_GDS');
    expect(resolveBusinessUnit('example.org', DEFAULT_HOST_UNIT_MAP)).toBe('MEGALYTIC_GDS');
  });
  it('maps the configured hosts, ignoring case, port and a trailing dot', () => {
    expect(resolveBusinessUnit('raven.localhost', DEFAULT_HOST_UNIT_MAP)).toBe('RAVEN_GDS');
    expect(resolveBusinessUnit('TapClicks.localhost:3000', DEFAULT_HOST_UNIT_MAP)).toBe(
      'TAPCLICKS_GDS',
    );
    expect(resolveBusinessUnit('raven.localhost.', DEFAULT_HOST_UNIT_MAP)).toBe('RAVEN_GDS');
  });
});

describe('parseHostUnitMap', () => {
  it('round-trips the default map', () => {
    expect(parseHostUnitMap(formatHostUnitMap(DEFAULT_HOST_UNIT_MAP))).toEqual(
      DEFAULT_HOST_UNIT_MAP,
    );
  });
  it('accepts spaces and empty entries', () => {
    expect(parseHostUnitMap(' gds.raventools.com = RAVEN_GDS , ')).toEqual({
      'gds.raventools.com': 'RAVEN_GDS',
    });
  });
  it('names the bad entry', () => {
    expect(() => parseHostUnitMap('raven.localhost')).toThrow(
      '"raven.localhost" is not of the form host=UNIT',
    );
    expect(() => parseHostUnitMap('a=RAVEN')).toThrow('"RAVEN" is not a business unit');
  });
});
