import net from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/test-app.ts';
import { registerClosingGate } from './closing-gate.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerSecurityHeaders } from './security-headers.ts';

it('a request that reaches a closing server gets the one error shape, the headers and Connection: close', async () => {
  const app = Fastify({ return503OnClosing: false });
  registerErrorHandler(app);
  registerSecurityHeaders(app, testConfig());
  registerClosingGate(app);
  let started!: () => void;
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    started();
    await released;
    return { done: true };
  });
  app.get('/next', () => ({ served: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;

  // One kept-alive connection: a request in flight holds it open while the server closes.
  const socket = net.connect({ port, host: '127.0.0.1' });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write('GET /slow HTTP/1.1\r\nhost: localhost\r\n\r\n');
  await inFlight;
  const closed = app.close();
  // Close has begun (preClose ran); the next request on the same connection arrives now.
  await new Promise((resolve) => setImmediate(resolve));
  socket.write('GET /next HTTP/1.1\r\nhost: localhost\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await Promise.all([closed, ended]);

  const text = Buffer.concat(chunks).toString('utf8');
  const second = text.slice(text.indexOf('HTTP/1.1', 1));
  expect(text.startsWith('HTTP/1.1 200')).toBe(true);
  expect(second).toMatch(/^HTTP\/1\.1 503/);
  expect(second.toLowerCase()).toContain('connection: close');
  expect(second.toLowerCase()).toContain("content-security-policy: default-src 'self'");
  expect(second.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(second).toContain('{"error":{"code":"SERVICE_UNAVAILABLE"');
});
