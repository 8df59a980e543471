import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTS, ENDPOINTS } from '@gds/contract';
import { COMPRESS_MIN_BYTES, ZIPPED_MAX_BYTES, gzipOnce } from '../../src/http/compression.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { api, createTestApp, fakeIdentity } from '../helpers/test-app.ts';
import { signIn } from '../helpers/sign-in.ts';

/** Large answers travel gzipped to clients that accept it; small ones and others as they are. */
describeEachDatabase('answer compression', (db) => {
  let app: FastifyInstance;
  const identity = fakeIdentity();
  beforeAll(async () => {
    app = await createTestApp(db(), { identity });
  });
  afterAll(() => app.close());

  const openApi = (headers: Record<string, string>) =>
    app.inject({ url: API_DOCUMENTS.openApi.path, headers });

  it('gzips a large JSON answer for a client that accepts gzip, and says it varies', async () => {
    const plain = await openApi({});
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const zipped = await openApi({ 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
  });

  it('sends it as it is when gzip is refused (q=0) or only other encodings are offered', async () => {
    for (const encoding of ['gzip;q=0, br', 'br', 'identity']) {
      const answer = await openApi({ 'accept-encoding': encoding });
      expect(answer.headers['content-encoding'], encoding).toBeUndefined();
      expect(JSON.parse(answer.body)).toHaveProperty('openapi');
    }
  });

  it('leaves small answers alone, whatever the client accepts', async () => {
    const { cookie } = await signIn(app, identity, 'small-answers@example.com');
    const answer = await api(app, {
      url: ENDPOINTS.getTeamInfo.path,
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

/** An answer many clients get byte for byte (a property's schema) is gzipped once. */
describe('gzip once', () => {
  const answer = (mark: string, bytes = 60_000) =>
    Buffer.from(`{"mark":"${mark}","fields":"${'field,'.repeat(bytes / 6)}"}`);

  it('the same bytes get the very same gzip, even asked at the same moment; other bytes their own', async () => {
    const first = gzipOnce(answer('a'));
    const together = gzipOnce(answer('a'));
    expect(together).toBe(first);
    expect(gunzipSync(await first).toString()).toBe(answer('a').toString());
    expect(gzipOnce(answer('a'))).toBe(first);
    const other = gzipOnce(answer('b'));
    expect(other).not.toBe(first);
    expect(gunzipSync(await other).toString()).toBe(answer('b').toString());
  });

  it('holds at most its bound, letting the least recently sent go first', async () => {
    const size = Math.ceil(ZIPPED_MAX_BYTES / 2 / 3);
    const oldest = gzipOnce(answer('old', size));
    const idle = gzipOnce(answer('idle', size));
    expect(gzipOnce(answer('old', size))).toBe(oldest);
    // A third of the bound each, so a third one lets the least recently sent ("idle") go.
    await gzipOnce(answer('new', size));
    expect(gzipOnce(answer('old', size))).toBe(oldest);
    const again = gzipOnce(answer('idle', size));
    expect(again).not.toBe(idle);
    expect(gunzipSync(await again).toString()).toBe(answer('idle', size).toString());
  });
});
