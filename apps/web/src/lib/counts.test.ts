import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './counts.ts';

describe('counts', () => {
  it('writes one in the singular and every other count in the plural, with thousands separated', () => {
    expect(countOf(1, 'call')).toBe('1 call');
    expect(countOf(0, 'call')).toBe('0 calls');
    expect(countOf(1234, 'account was', 'accounts were')).toBe('1,234 accounts were');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
