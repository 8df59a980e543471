import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROBES } from '@gds/contract';
import { AppError } from '../../lib/errors.ts';

/** One thing /readyz checks: `run` resolves when it is ready and throws why when it is not. */
export interface ReadinessCheck {
  name: string;
  run: () => Promise<void>;
}

/** A check slower than this has failed: a probe must answer quickly, whatever is stuck. */
export const CHECK_TIMEOUT_MS = 2_000;

/**
 * GET /healthz (the process answers) and GET /readyz (every check passes within its bound).
 * Served outside /api: no session, no unit header. Not logged per call: orchestrators probe
 * every few seconds, and those lines would drown the ones that matter.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: readonly ReadinessCheck[]) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    method: PROBES.health.method,
    url: PROBES.health.path,
    logLevel: 'silent',
    schema: { response: { 200: PROBES.health.response } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });
  routes.route({
    method: PROBES.readiness.method,
    url: PROBES.readiness.path,
    logLevel: 'silent',
    schema: { response: { 200: PROBES.readiness.response } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const results = await Promise.all(
        checks.map(async (check) => ({ name: check.name, ok: await passes(check) })),
      );
      const failing = results.filter((result) => !result.ok).map((result) => result.name);
      if (failing.length > 0) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `The service is not ready (${failing.join(', ')}). Please try again shortly.`,
        );
      }
      return {
        status: 'ready' as const,
        checks: results.map((result) => ({ name: result.name, status: 'ok' as const })),
      };
    },
  });
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  const run = check.run().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}
