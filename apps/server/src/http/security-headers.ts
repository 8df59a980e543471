import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config/config.ts';

const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of every response, the app's as much as the API's. Scripts only from our own
 * origin, plus the tag manager when a tag id is configured and the chat vendor's origin when
 * its script is configured (it may also call home and show its window in a frame); no
 * plugins, no <base>, no framing of the app.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'gtagIds' | 'publicUrl' | 'chatWidget' | 'lookerStudio'>,
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
    // The connector's consent form redirects to its OAuth callback (Apps Script's usercallback).
    formAction: ["'self'", ...connectorCallbackOrigins(config)],
    ...overrides,
  };
  // Over plain http (localhost demo) upgrading would break every request.
  if (new URL(config.publicUrl).protocol === 'https:') directives.upgradeInsecureRequests = [];
  return directives;
}

/**
 * The policy of a page whose form returns the browser to the app (the sandbox's sign-in,
 * consent and payment pages): the app's own, with form posts allowed to its origins.
 */
export function returningFormPolicy(
  config: Pick<Config, 'gtagIds' | 'publicUrl' | 'chatWidget' | 'lookerStudio' | 'appOrigins'>,
): Directives {
  return contentSecurityPolicy(config, { formAction: ["'self'", ...config.appOrigins] });
}

function connectorCallbackOrigins(config: Pick<Config, 'lookerStudio'>): string[] {
  const uris = config.lookerStudio.client?.redirectUris ?? [];
  return [...new Set(uris.map((uri) => new URL(uri).origin))];
}

type HeaderConfig = Pick<Config, 'gtagIds' | 'publicUrl' | 'chatWidget' | 'lookerStudio'>;

/** The one source of the security headers: helmet's settings for this deployment. */
export function helmetOptions(config: HeaderConfig) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  } satisfies HelmetOptions;
}

type Headers = Readonly<Record<string, string>>;

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** helmet settings over the server's own for this route (a page that posts elsewhere). */
    helmet?: HelmetOptions;
  }
  interface FastifyContextConfig {
    /** The route's own security headers, recorded when it was declared. */
    securityHeaders?: Headers;
  }
}

/** Exactly the headers helmet sets with these options, recorded once instead of per answer. */
function recordedHeaders(options: HelmetOptions): Headers {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of an answer written outside Fastify's hooks (a bad URL, an HTTP parse error):
 * the same as every routed answer gets, plus no caching. Being derived rather than listed,
 * they cannot drift from the headers of routed answers.
 */
export function securityHeaders(config: HeaderConfig): Headers {
  return { ...recordedHeaders(helmetOptions(config)), 'cache-control': 'no-store' };
}

/**
 * helmet's headers on every response, recorded once from its settings (per route where a
 * route brings its own) rather than helmet rebuilding them for each answer. Nothing is cached
 * unless its route says so (static files, the page): API answers hold personal data, and
 * errors, whatever their address, are never cached.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const options = helmetOptions(config);
  const headers = recordedHeaders(options);
  app.addHook('onRoute', (route) => {
    // Merged the way helmet merges a route's settings: each top-level option replaced whole.
    if (route.helmet) {
      const own = recordedHeaders({ ...options, ...route.helmet } as HelmetOptions);
      route.config = { ...route.config, securityHeaders: own };
    }
  });
  app.addHook('onRequest', (req, reply, done) => {
    const entries = Object.entries(req.routeOptions.config.securityHeaders ?? headers);
    // Set on the raw response, not the reply: an answer a route writes itself (a hijacked
    // reply, as the connector's OAuth server and the sandbox write theirs) never passes
    // through reply.send, yet carries them too. A reply's own headers still win over them.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
