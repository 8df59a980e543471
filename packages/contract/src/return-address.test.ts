import { describe, expect, it } from 'vitest';
import { DEFAULT_GDS_REDIRECT_ALLOWLIST, isAllowedReturnAddress } from './return-address.ts';

const allow = (candidate: string, list: readonly string[] = DEFAULT_GDS_REDIRECT_ALLOWLIST) =>
  isAllowedReturnAddress(candidate, list);

describe('isAllowedReturnAddress: never off-site, only allow-listed', () => {
  it('allows Looker Studio’s own addresses by default', () => {
    expect(allow('https://lookerstudio.google.com/datasources/create?connectorId=abc')).toBe(
      'https://lookerstudio.google.com/datasources/create?connectorId=abc',
    );
    expect(allow('https://script.google.com/macros/d/ID/usercallback?state=s')).not.toBeNull();
    expect(allow('https://datastudio.google.com/')).not.toBeNull();
  });

  it.each([
    '//evil.example/x',
    'https:evil.example',
    'https:/evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)//https://lookerstudio.google.com/',
    'data:text/html,hi',
    '/data-sources',
    'https://evil.example/https://lookerstudio.google.com/',
    'https://lookerstudio.google.com.evil.example/',
    'https://lookerstudio.google.com@evil.example/',
    'https://user:pw@lookerstudio.google.com/',
    'http://lookerstudio.google.com/',
    'https://script.google.com/other/',
    'https://script.google.com/macros/../evil',
    'https://script.google.com/macros/%2e%2e/evil',
    ' https://lookerstudio.google.com/',
    'https://lookerstudio.google.com/\nx',
    'https://lookerstudio.google.com\\@evil.example/',
  ])('refuses %j', (candidate) => {
    expect(allow(candidate)).toBeNull();
  });

  it('takes origins and URL prefixes from a configured list', () => {
    const list = ['https://tool.example', 'http://localhost:4000/return/'];
    expect(allow('https://tool.example/any/path', list)).toBe('https://tool.example/any/path');
    expect(allow('http://localhost:4000/return/x', list)).not.toBeNull();
    expect(allow('http://localhost:4000/other', list)).toBeNull();
    expect(allow('https://tool.example.evil/', list)).toBeNull();
  });
});
