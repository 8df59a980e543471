import fs from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessUnit } from '@gds/contract';
import type { Config } from '../config/config.ts';
import { errorBody, withRequestId } from '../http/error-handler.ts';
import { isApiPath } from '../http/canonical-path.ts';
import { NOT_BUILT_HTML, brandIndexHtml } from './index-html.ts';

const YEAR = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: files from dist (hashed assets cached for a year), and for any other
 * page address the branded index.html (history-mode routing). Other unknown addresses, /api
 * ones above all, are JSON 404s.
 */
export async function registerSpa(
  app: FastifyInstance,
  deps: { config: Config; distDir: string },
): Promise<void> {
  const indexFile = path.join(deps.distDir, 'index.html');
  // Read and branded once per unit and build (a rebuild changes the file's mtime, and the old
  // page would name assets the rebuild deleted); a missing build is retried on each request.
  const brandedIndex = new Map<BusinessUnit, BrandedIndex>();
  if (existsSync(deps.distDir)) {
    await app.register(async (files) => {
      // A page address (no file extension) is never a file of the build: answer it before the
      // static handler looks for it on disk (a stat, a directory read for its spelling, then a
      // miss), which cost a page load several times what the rest of the request did.
      files.addHook('onRequest', async (req, reply) => {
        if (!isFileAddress(req.url)) return answerMiss(req, reply);
      });
      await files.register(fastifyStatic, {
        root: deps.distDir,
        index: false,
        // The web build writes a Brotli and a gzip copy of each script and style sheet
        // (apps/web/precompress.ts): the browser gets the one it accepts, compressed once.
        preCompressed: true,
        // index.html is always served branded, through the fallback below; directories
        // ("/", "/team/") are page addresses too, not listings.
        allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            hashed ? `public, max-age=${YEAR}, immutable` : 'public, max-age=3600',
          );
        },
      });
    });
  }

  // Unmatched requests were already refused unless their address is canonical, so its text
  // is the path the router tried. Page addresses outside /api get the page; all else JSON.
  const answerMiss = async (req: FastifyRequest, reply: FastifyReply) => {
    if (wantsPage(req) && !isApiPath(req.url)) {
      return sendIndex(req, reply, indexFile, deps.config, brandedIndex);
    }
    return reply
      .code(404)
      .send(withRequestId(errorBody('NOT_FOUND', 'There is nothing at this address.'), req.id));
  };
  app.setNotFoundHandler(answerMiss);
}

/** Whether an address names a file (its last segment has an extension), as built files do. */
function isFileAddress(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

/**
 * Address spaces the server alone answers: the sandbox, provider callbacks, metrics, the
 * connector's authorization server and the well-known documents. A miss there is a JSON 404.
 */
const SERVER_ONLY = /^\/(sandbox|oauth|metrics|connector-oauth|\.well-known)(\/|$)/i;

function wantsPage(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0] ?? '/';
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    // Server-only address spaces (any case): a miss there is a miss, whoever asks.
    !SERVER_ONLY.test(pathname) &&
    // A missing script or image must stay a 404, not turn into a page.
    (pathname === '/index.html' || !isFileAddress(pathname)) &&
    !wantsJsonOnly(req.headers.accept ?? '')
  );
}

/**
 * curl, health probes and link previews send no Accept or `*\/*`, and must get the page as a
 * browser does; only a client that asks for JSON and not HTML gets the JSON 404.
 */
function wantsJsonOnly(accept: string): boolean {
  return accept.includes('json') && !accept.includes('text/html') && !accept.includes('*/*');
}

async function sendIndex(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  config: Config,
  brandedIndex: Map<BusinessUnit, BrandedIndex>,
) {
  let cached = brandedIndex.get(req.unit);
  try {
    // Synchronous: the stat of one small local file the kernel has cached takes microseconds,
    // where a promise round trip through the thread pool took far more CPU than the answer.
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = await fs.readFile(file, 'utf8');
      cached = { mtimeMs, html: brandIndexHtml(html, req.unit, config.skinHosts) };
      brandedIndex.set(req.unit, cached);
    }
  } catch {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(NOT_BUILT_HTML);
  }
  return reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(cached.html);
}

interface BrandedIndex {
  mtimeMs: number;
  html: string;
}
