import { describe, expect, it } from 'vitest';
import { INVALID_FORMULA_MARKERS } from '@gds/contract';
import { cleanValue, fromMicros, toNumber } from './report-values.ts';

describe('cleaning report values', () => {
  it.each(INVALID_FORMULA_MARKERS)('the marker "%s" becomes null, padded or not', (marker) => {
    expect(cleanValue(marker)).toBeNull();
    expect(cleanValue(` ${marker} `)).toBeNull();
  });

  it('keeps real values, including text that merely contains a marker, and zero', () => {
    expect(cleanValue('SUMMER SALE')).toBe('SUMMER SALE');
    expect(cleanValue('sum')).toBe('sum');
    expect(cleanValue(0)).toBe(0);
    expect(cleanValue(false)).toBe(false);
  });

  it('empty text, NaN, Infinity and objects are unknown', () => {
    for (const value of ['', '   ', Number.NaN, Infinity, {}, [], undefined]) {
      expect(cleanValue(value)).toBeNull();
    }
  });
});

describe('reading provider numbers', () => {
  it('reads int64 strings, decimals, percents and thousands separators', () => {
    expect(toNumber('1234')).toBe(1234);
    expect(toNumber('12.50')).toBe(12.5);
    expect(toNumber('2.50%')).toBe(2.5);
    expect(toNumber('1,234.5')).toBe(1234.5);
    expect(toNumber('-3')).toBe(-3);
    expect(toNumber('1e3')).toBe(1000);
  });

  it('anything else is unknown rather than a wrong number', () => {
    for (const value of ['N/A', '12abc', '', '--', null, true, '0x10']) {
      expect(toNumber(value)).toBeNull();
    }
  });

  it('micros become currency units', () => {
    expect(fromMicros('98760000')).toBe(98.76);
    expect(fromMicros(undefined)).toBeNull();
  });
});
