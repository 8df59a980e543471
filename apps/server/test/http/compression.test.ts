import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_DOCUMENTS, ENDPOINTS } from '@gds/contract';
import { COMPRESS_MIN_BYTES } from '../../src/http/compression.ts';
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
