import { z } from 'zod';
import { defineEndpoint, publicAccess } from '../endpoint.ts';

/**
 * Liveness: the process answers. Probes sit outside /api: they need no session and no
 * business-unit header, touch no database and write no log line per call.
 */
export const health = defineEndpoint({
  name: 'health',
  method: 'GET',
  path: '/healthz',
  access: publicAccess,
  response: z.object({ status: z.literal('ok') }),
  errors: [],
});

/**
 * Readiness: every check passed within its time bound, so requests can be served. A failing
 * check answers 503 SERVICE_UNAVAILABLE whose message names the failing checks.
 */
export const readiness = defineEndpoint({
  name: 'readiness',
  method: 'GET',
  path: '/readyz',
  access: publicAccess,
  response: z.object({
    status: z.literal('ready'),
    checks: z.array(z.object({ name: z.string(), status: z.literal('ok') })),
  }),
  errors: ['SERVICE_UNAVAILABLE'],
});
