import { ENDPOINTS, type EndpointName, type EndpointRoute } from '@gds/contract';

/**
 * Development and tests only (apiCall loads it behind import.meta.env.DEV, so the production
 * build leaves it and zod out): holds a 2xx answer to its endpoint's response schema. The
 * answer must be what the server writes from that schema, complete and nothing more, because
 * production reads answers as they come.
 */
export function checkAnswer(route: EndpointRoute, data: unknown): void {
  const endpoint = ENDPOINTS[route.name as EndpointName];
  const expected: unknown = endpoint.response.parse(data);
  if (!sameJson(expected, data)) {
    throw new Error(
      `The answer of ${route.name} is not what the server writes from the contract: ` +
        `${JSON.stringify(data)} should be ${JSON.stringify(expected)}.`,
    );
  }
}

/** Equal as JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const aKeys = Object.keys(a);
    const bRecord = b as Record<string, unknown>;
    return (
      aKeys.length === Object.keys(b).length &&
      aKeys.every((key) => key in bRecord && sameJson((a as Record<string, unknown>)[key], bRecord[key]))
    );
  }
  return Object.is(a, b);
}
