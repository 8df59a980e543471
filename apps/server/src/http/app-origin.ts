import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError } from '../lib/errors.ts';

/**
 * The allowed app origin the browser is on, matched by host so it also holds behind a
 * TLS-terminating proxy. Providers send the browser back there (sign-in and data-source
 * callbacks), so an unknown host is refused.
 */
export function appOriginOf(req: FastifyRequest, config: Pick<Config, 'appOrigins'>): string {
  const host = req.host.toLowerCase();
  const origin = config.appOrigins.find((candidate) => new URL(candidate).host === host);
  if (!origin) {
    throw new AppError(
      'ORIGIN_NOT_ALLOWED',
      'This address is not one of the app’s configured origins (APP_ORIGINS).',
    );
  }
  return origin;
}
