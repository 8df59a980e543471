import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROUTES } from './endpoint-routes.ts';
import { ENDPOINTS } from './endpoints/index.ts';

describe('ENDPOINT_ROUTES', () => {
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
