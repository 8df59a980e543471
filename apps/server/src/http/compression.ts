import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

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
    if (repeated.has(reply)) {
      return gzipOnce(typeof payload === 'string' ? Buffer.from(payload) : payload);
    }
    return gzip1(payload);
  });
}

const gzip1 = (payload: string | Buffer) => gzipAsync(payload, { level: constants.Z_BEST_SPEED });

/** Replies whose text many clients get byte for byte (sameForMany). */
const repeated = new WeakSet<FastifyReply>();

/**
 * Marks an answer many clients get byte for byte, so it is gzipped once, not per call: a GA4
 * property's schema (54 kB, its ~270 fields) is asked by every chart of every viewer of a
 * report at once.
 */
export function sameForMany(reply: FastifyReply): void {
  repeated.add(reply);
}

/** Answers gzipped, by their bytes (as a one-byte string), least recently sent first. */
const zipped = new Map<string, Promise<Buffer>>();
let zippedBytes = 0;
/** What held answers and their gzip may take at most (a few hundred schema answers). */
export const ZIPPED_MAX_BYTES = 16 * 1024 * 1024;
/** A held answer's cost: its bytes as the key, and its gzip (no larger). */
const heldBytes = (key: string) => key.length * 2;

/**
 * The gzip of an answer's bytes, made once while it is held: the gzip is a function of the
 * bytes alone, so a held one is only ever sent for the very same bytes. Callers at the same
 * moment share the one compression in flight; one that failed is not kept.
 */
export function gzipOnce(bytes: Buffer): Promise<Buffer> {
  // latin1 maps each byte to one character: equal keys are equal bytes.
  const key = bytes.toString('latin1');
  const held = zipped.get(key);
  if (held) {
    zipped.delete(key);
    zipped.set(key, held);
    return held;
  }
  const made = gzip1(bytes);
  zipped.set(key, made);
  zippedBytes += heldBytes(key);
  made.catch(() => {
    if (zipped.get(key) === made) forget(key);
  });
  for (const oldest of zipped.keys()) {
    if (zippedBytes <= ZIPPED_MAX_BYTES || oldest === key) break;
    forget(oldest);
  }
  return made;
}

function forget(key: string): void {
  zipped.delete(key);
  zippedBytes -= heldBytes(key);
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
