import { ENDPOINTS } from '@gds/contract';
import { vi } from 'vitest';
import type { EndpointName } from './mock-api.ts';

/**
 * Holds the calls to one endpoint until `release()`, as a slow server would, so a test can
 * click again while the first request is still in flight. `sent()` counts the calls made.
 */
export function holdRequests(name: EndpointName) {
  const { method, path } = ENDPOINTS[name];
  const inner = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if ((init.method ?? 'GET') !== method || url.pathname !== path) return inner(input, init);
    count += 1;
    return gate.then(() => inner(input, init));
  });
  return { release, sent: () => count };
}
