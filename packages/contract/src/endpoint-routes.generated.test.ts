import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, endpointRoutesSource } from '../scripts/endpoint-routes.ts';
import { ENDPOINT_ROUTES } from './endpoint-routes.generated.ts';
import { ENDPOINTS } from './endpoints/index.ts';

describe('ENDPOINT_ROUTES', () => {
  it('is the file the script writes from ENDPOINTS today (run the script when this fails)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await endpointRoutesSource());
  });

  it('names every endpoint of ENDPOINTS with its method and path, and nothing else', () => {
    const fromEndpoints = Object.entries(ENDPOINTS).map(([key, { name, method, path }]) => [
      key,
      { name, method, path },
    ]);
    const fromRoutes = Object.entries(ENDPOINT_ROUTES).map(([key, { name, method, path }]) => [
      key,
      { name, method, path },
    ]);
    expect(Object.fromEntries(fromRoutes)).toEqual(Object.fromEntries(fromEndpoints));
  });
});
