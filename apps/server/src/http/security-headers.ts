import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { isApiPath } from './guards.ts';

const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every response (RELIABILITY 9). Scripts only from our own
 * origin, plus the tag manager when a tag id is configured and the chat vendor's origin when
 * its script is configured (it may also call home and show its window in a frame); no
 * plugins, no <base>, no framing of the app.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'gtagIds' | 'publicUrl' | 'chatWidget'>,
  overrides: Directives = {},
): Directives {
  const tags = Object.values(config.gtagIds).some(Boolean);
  const chat = config.chatWidget ? [new URL(config.chatWidget.scriptUrl).origin] : [];
  const directives: Directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(tags ? [TAG_MANAGER] : []), ...chat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(tags ? [TAG_MANAGER, ...ANALYTICS] : []), ...chat],
    ...(chat.length > 0 ? { frameSrc: ["'self'", ...chat] } : {}),
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...overrides,
  };
  // Over plain http (localhost demo) upgrading would break every request.
  if (new URL(config.publicUrl).protocol === 'https:') directives.upgradeInsecureRequests = [];
  return directives;
}

/** Helmet on every response, and no caching of API answers (they hold personal data). */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (isApiPath(req.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
