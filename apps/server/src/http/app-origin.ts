import type { FastifyRequest } from 'fastify';
import { resolveBusinessUnit } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Config } from '../config/config.ts';
import { AppError } from '../lib/errors.ts';

/*
 * Every absolute address the app builds for a person (return addresses of hosted pages,
 * invitation and client links, connection callbacks, links in messages) starts with one of
 * these two answers, never with PUBLIC_URL: each brand is served on its own host, and a
 * session belongs to the host it was made on, so an address on another brand's host shows
 * a stranger's brand and a sign-in page.
 */

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

/**
 * The origin a business unit's people use, for work done without their request (background
 * jobs, messages): PUBLIC_URL's origin when it serves the unit, else the first allowed origin
 * whose host is the unit's. PUBLIC_URL's origin only when no allowed origin serves the unit.
 */
export function unitOriginOf(
  unit: BusinessUnit,
  config: Pick<Config, 'appOrigins' | 'skinHosts' | 'publicUrl'>,
): string {
  const publicOrigin = new URL(config.publicUrl).origin;
  const served = config.appOrigins.filter(
    (origin) => resolveBusinessUnit(new URL(origin).hostname, config.skinHosts) === unit,
  );
  return served.includes(publicOrigin) ? publicOrigin : (served[0] ?? publicOrigin);
}
