import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_UNIT_MAP } from '@gds/contract';
import { unitOriginOf } from './app-origin.ts';

const config = (appOrigins: string[], publicUrl = 'https://app.example.com') => ({
  publicUrl,
  appOrigins,
  skinHosts: {
    'raven.example.com': 'RAVEN_GDS',
    'tapclicks.example.com': 'TAPCLICKS_GDS',
  } as const,
});

describe('unitOriginOf', () => {
  it('answers the origin whose host is the unit’s, PUBLIC_URL’s first when it serves the unit', () => {
    const origins = config([
      'https://www.example.com',
      'https://raven.example.com',
      'https://app.example.com',
      'https://tapclicks.example.com',
    ]);
    expect(unitOriginOf('RAVEN_GDS', origins)).toBe('https://raven.example.com');
    expect(unitOriginOf('TAPCLICKS_GDS', origins)).toBe('https://tapclicks.example.com');
    // Both other hosts are the default unit's; PUBLIC_URL's is preferred over the list's order.
    expect(unitOriginOf('MEGALYTIC_GDS', origins)).toBe('https://app.example.com');
  });

  it('falls back to PUBLIC_URL’s origin only when no allowed origin serves the unit', () => {
    expect(unitOriginOf('RAVEN_GDS', config(['https://app.example.com']))).toBe(
      'https://app.example.com',
    );
  });

  it('keeps the port of a local setup', () => {
    const local = {
      publicUrl: 'http://localhost:3000',
      appOrigins: ['http://localhost:3000', 'http://raven.localhost:3000', 'http://127.0.0.1:3000'],
      skinHosts: DEFAULT_HOST_UNIT_MAP,
    };
    expect(unitOriginOf('RAVEN_GDS', local)).toBe('http://raven.localhost:3000');
    expect(unitOriginOf('MEGALYTIC_GDS', local)).toBe('http://localhost:3000');
  });
});
