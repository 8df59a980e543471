import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { HOSTS, createTestApp, tempDir } from '../helpers/test-app.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="gds-skin-hosts" content="" />
    <link rel="icon" href="/skins/megalytic/favicon.svg" />
    <title>Megalytic Google Data Studio Connector</title>
  </head>
  <body><div id="app"></div><script type="module" src="/assets/index-abc123.js"></script></body>
</html>`;

const page = (app: FastifyInstance, url: string, host = HOSTS.MEGALYTIC_GDS) =>
  app.inject({ url, headers: { host, accept: 'text/html,application/xhtml+xml' } });

describeEachDatabase('serving the web app', (db) => {
  describe('when built', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const dist = tempDir();
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
      // The copies the web build writes beside each script (apps/web/precompress.ts).
      fs.writeFileSync(
        path.join(dist, 'assets', 'index-abc123.js.br'),
        brotliCompressSync('console.log(1)'),
      );
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
      fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
      app = await createTestApp(db(), { distDir: dist });
    });
    afterAll(() => app.close());

    it('answers index.html for page addresses, branded for the host (history fallback)', async () => {
      for (const url of ['/', '/team', '/login/callback?code=1', '/index.html']) {
        const response = await page(app, url, HOSTS.RAVEN_GDS);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<title>Raven Google Data Studio Connector</title>');
        expect(response.body).toContain('<link rel="icon" href="/skins/raven/favicon.svg" />');
        expect(response.body).toContain(
          '<meta name="gds-skin-hosts" content="raven.localhost=RAVEN_GDS,tapclicks.localhost=TAPCLICKS_GDS" />',
        );
      }
      const unknownHost = await page(app, '/team', 'example.org');
      expect(unknownHost.body).toContain('<title>Megalytic Google Data Studio Connector</title>');
    });

    it('serves hashed assets with a long cache, other files briefly', async () => {
      const asset = await app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const robots = await app.inject({ url: '/robots.txt' });
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('sends the build’s Brotli or gzip copy of an asset to a browser that accepts it', async () => {
      const asked = (encoding?: string) =>
        app.inject({
          url: '/assets/index-abc123.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const brotli = await asked('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      const gzipped = await asked('gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe('console.log(1)');
      const plain = await asked();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('console.log(1)');
    });

    it('answers the page to clients that send no Accept or */* (curl, probes, link previews)', async () => {
      for (const headers of [{}, { accept: '*/*' }, { accept: 'text/*, */*;q=0.1' }]) {
        const response = await app.inject({ url: '/data-sources', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<title>Megalytic Google Data Studio Connector</title>');
      }
      const head = await app.inject({ method: 'HEAD', url: '/team' });
      expect(head.statusCode).toBe(200);
    });

    it('keeps 404s for missing files, JSON-only requests, /api and /sandbox', async () => {
      expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await page(app, '/assets/missing.js')).statusCode).toBe(404);
      expect(
        (await app.inject({ url: '/team', headers: { accept: 'application/json' } })).statusCode,
      ).toBe(404);
      expect((await page(app, '/sandbox/nothing')).statusCode).toBe(404);
      const apiMiss = await page(app, '/api/nothing');
      expect(apiMiss.statusCode).toBe(404);
      expect(apiMiss.json()).toMatchObject({
        error: { code: 'NOT_FOUND', requestId: apiMiss.headers['x-request-id'] },
      });
      expect(
        (await app.inject({ method: 'POST', url: '/team', headers: { accept: 'text/html' } }))
          .statusCode,
      ).toBe(404);
    });
  });

  it('says how to build it when apps/web/dist does not exist (503)', async () => {
    const app = await createTestApp(db());
    const response = await page(app, '/team');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('The web app is not built yet: run npm run build');
    await app.close();
  });

  it('serves the page once the build appears, without a restart', async () => {
    const dist = tempDir();
    const app = await createTestApp(db(), { distDir: dist });
    expect((await page(app, '/team')).statusCode).toBe(503);
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const response = await page(app, '/team');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Megalytic Google Data Studio Connector</title>');
    await app.close();
  });

  it('serves the new page after a rebuild, without a restart', async () => {
    const dist = tempDir();
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(
      file,
      INDEX.replace('</head>', '<script src="/assets/old.js"></script></head>'),
    );
    const app = await createTestApp(db(), { distDir: dist });
    expect((await page(app, '/team')).body).toContain('/assets/old.js');
    fs.writeFileSync(
      file,
      INDEX.replace('</head>', '<script src="/assets/new.js"></script></head>'),
    );
    // A rebuild always lands later; make the change visible even on coarse file clocks.
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const response = await page(app, '/team');
    expect(response.body).toContain('/assets/new.js');
    expect(response.body).not.toContain('/assets/old.js');
    await app.close();
  });
});
