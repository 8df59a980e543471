import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const gzipAsync = promisify(gzip);

/** Smaller answers (most of the API) go as they are: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/**
 * Gzips large JSON and text answers for clients that accept it. The Data Sources view of an
 * agency is about 2 MB of JSON, ten times less compressed; over a real network that is most of
 * the wait. Level 1 keeps nearly all of the saving for a fifth of level 6's CPU, and zlib runs
 * on libuv's thread pool, so the event loop keeps answering others meanwhile. Built assets are
 * not compressed here: the web build ships compressed copies (`static/spa.ts`). Request bodies
 * are never decompressed: the app takes small forms only.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/^(application\/json|text\/)/.test(type)) return payload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyWithEncoding(reply.getHeader('vary')));
    if (!acceptsGzip(req.headers['accept-encoding'])) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipAsync(payload, { level: constants.Z_BEST_SPEED });
  });
}

function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function varyWithEncoding(vary: unknown): string {
  const current = typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
