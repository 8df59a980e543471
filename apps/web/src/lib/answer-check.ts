import { ENDPOINTS, type EndpointName, type EndpointRoute } from '@gds/contract';

/**
 * Development and tests only (apiCall loads it behind import.meta.env.DEV, so the production
 * build leaves it, and zod, out): a 2xx answer that does not fit its endpoint's response
 * schema throws, as the app's answer parsing did before. The answer itself is used as it
 * came, in every mode, so tests run what production runs.
 */
export function checkAnswer(route: EndpointRoute, data: unknown): void {
  ENDPOINTS[route.name as EndpointName].response.parse(data);
}
