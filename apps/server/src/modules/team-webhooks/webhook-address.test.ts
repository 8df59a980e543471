import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, webhookAddressRules } from './webhook-address.ts';
import { postWebhook } from './webhook-sender.ts';

const production = webhookAddressRules({ sandbox: false, production: true });
const demo = webhookAddressRules({ sandbox: true, production: false });
const test = webhookAddressRules({ sandbox: false, production: false });

describe('where a webhook may point', () => {
  it('in production: HTTPS to a public host only', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in', production).host).toBe(
      'hooks.example.com',
    );
    for (const refused of [
      'http://hooks.example.com/in',
      'https://127.0.0.1/in',
      'https://localhost:8443/in',
      'https://10.1.2.3/in',
      'https://192.168.0.4/in',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/in',
      'https://[fd00::1]/in',
      'https://[::ffff:10.0.0.1]/in',
      'https://user:pass@hooks.example.com/in',
      'not an address',
    ]) {
      expect(() => checkWebhookUrl(refused, production), refused).toThrow(/webhook address/i);
    }
  });

  it('demo mode allows plain HTTP and this machine (its sandbox receiver), not private networks in production', () => {
    expect(checkWebhookUrl('http://localhost:3000/sandbox/webhook-inbox/receive', demo).port).toBe(
      '3000',
    );
    expect(() => checkWebhookUrl('http://localhost:3000/x', test)).toThrow(/https/);
  });

  it('a host name resolving to a refused address is refused on the connection itself (DNS rebinding)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(production)('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe('EADDRREFUSED');
    const allowed = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(demo)('localhost', {}, (e) => resolve(e)),
    );
    expect(allowed).toBeNull();
  });
});

describe('posting to a webhook', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/chatty') {
        res.writeHead(200);
        // Far more than anyone reads of an answer; the attempt ends without reading it all.
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const write = () => {
          while (res.write(chunk));
          res.once('drain', write);
        };
        write();
        return;
      }
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const post = (path: string, rules = demo, timeoutMs = 300) =>
    postWebhook({
      url: `${base}${path}`,
      headers: {},
      body: '{}',
      rules,
      timeoutMs,
      now: Date.now,
    });

  it('a receiver that does not answer in time fails with the reason', async () => {
    expect(await post('/slow')).toMatchObject({
      ok: false,
      httpStatus: null,
      error: 'No answer within 0.3 seconds.',
    });
  });

  it('reads only a little of an answer', async () => {
    expect(await post('/chatty', demo, 5_000)).toMatchObject({ ok: true, httpStatus: 200 });
  });

  it('under production rules a loopback receiver is refused, with the reason', async () => {
    const refused = await post('/ok', production);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^Refused: /);
    expect(await post('/ok')).toMatchObject({ ok: true, httpStatus: 204, error: null });
  });
});
