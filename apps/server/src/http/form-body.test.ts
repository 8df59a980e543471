import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { MAX_FORM_PARAMETERS, parseForm, parseQueryString, QUERY_ERROR } from './form-body.ts';
import { hostileFormText } from '../../test/helpers/hostile-text.ts';

describe('parseForm', () => {
  it('parses flat fields into a null-prototype object, last value wins', () => {
    const parsed = parseForm('a=1&b=two+words&a=3&c&d=%C3%A9');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect({ ...parsed }).toEqual({ a: '3', b: 'two words', c: '', d: 'é' });
  });

  it('does not expand brackets', () => {
    expect({ ...parseForm('a[b][c][d]=1') }).toEqual({ 'a[b][c][d]': '1' });
  });

  it.each(['__proto__=1', 'constructor=x', 'prototype=y', 'a=1&%5F%5Fproto%5F%5F=1'])(
    'refuses the key in %s',
    (body) => {
      expect(() => parseForm(body)).toThrow(AppError);
    },
  );

  it('refuses bad percent-encoding and too many fields', () => {
    expect(() => parseForm('a=%E0%A4%A')).toThrow(AppError);
    expect(() => parseForm('a=%zz')).toThrow(AppError);
    const many = Array.from({ length: MAX_FORM_PARAMETERS + 1 }, (_, i) => `k${i}=v`).join('&');
    expect(() => parseForm(many)).toThrow(/at most/);
  });

  it('refuses a NUL in any key or value, encoded or raw, naming the field when it can', () => {
    for (const body of ['name=a%00b', 'a%00=1', 'x=1&name=\u0000', '%00']) {
      expect(() => parseForm(body), body).toThrow(/NUL/);
    }
    try {
      parseForm('ok=1&name=a%00');
    } catch (error) {
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    }
    expect({ ...parseForm('a=%7F%0A%E2%82%AC') }).toEqual({ a: '\u007f\n€' });
  });

  it('never throws anything but AppError and never touches Object.prototype (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        try {
          const parsed = parseForm(text);
          expect(Object.getPrototypeOf(parsed)).toBeNull();
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
        }
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('text with controls, DEL, NUL, lone surrogates and other scripts: a form without NUL or a 400 (property)', () => {
    fc.assert(
      fc.property(hostileFormText, (text) => {
        try {
          const parsed = parseForm(text);
          for (const [key, value] of Object.entries(parsed)) {
            expect(`${key}=${value}`).not.toContain('\u0000');
          }
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('query strings never throw: a bad one is marked for a 400', () => {
    const marked = parseQueryString('a=%zz') as Record<symbol, unknown>;
    expect(typeof marked[QUERY_ERROR]).toBe('string');
  });
});
