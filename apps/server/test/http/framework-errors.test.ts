import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_UNIT_HEADER,
  ENDPOINTS,
  ERROR_STATUS,
  connectorCallbackPath,
} from '@gds/contract';
import type { ErrorBody, ErrorCode } from '@gds/contract';
import { securityHeaders } from '../../src/http/security-headers.ts';
import { urlOf } from '../helpers/contract-call.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { rawRequest, sendRaw } from '../helpers/raw-http.ts';
import type { RawResponse } from '../helpers/raw-http.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';

/**
 * Answers made before or outside Fastify's hooks: the router's refusals, Node's HTTP parser,
 * unmet expectations. Sent over real sockets, since inject skips the parser and its limits.
 * Addresses that are not endpoints are written out; the endpoints' come from the contract.
 */
const CONFIG = ENDPOINTS.getConfig.path;

describeEachDatabase('every answer has the one error shape and the security headers', (db) => {
  const config = testConfig();
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp(db(), { config, forceCloseConnections: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => app.close());

  const expectError = (response: RawResponse, code: ErrorCode) => {
    expect(response.status, response.body).toBe(ERROR_STATUS[code]);
    const { requestId, ...error } = (JSON.parse(response.body) as ErrorBody).error;
    expect({ error }).toEqual({
      error: { code, message: expect.stringMatching(/\w+\./) as string },
    });
    // Answers made once a request exists name it as its log lines do; those the HTTP parser
    // makes before that (a malformed request line) have no id to give.
    if (requestId !== undefined) expect(requestId).toBe(response.headers['x-request-id']);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const headers = response.headers;
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
    for (const [name, value] of Object.entries(securityHeaders(config))) {
      expect(headers[name], name).toBe(value);
    }
  };

  it('a malformed escape in the address → 400 BAD_REQUEST (the router refuses it)', async () => {
    expectError(await rawRequest(port, { target: '/api/%zz' }), 'BAD_REQUEST');
    expectError(await rawRequest(port, { target: '/team/%E0%A4%A' }), 'BAD_REQUEST');
  });

  it('a 1,000-character path parameter → 414 URI_TOO_LONG', async () => {
    const long = 'a'.repeat(1000);
    expectError(await rawRequest(port, { target: connectorCallbackPath(long) }), 'URI_TOO_LONG');
    expectError(
      await rawRequest(port, {
        method: ENDPOINTS.deleteAccount.method,
        target: urlOf(ENDPOINTS.deleteAccount, { params: { accountId: long } }),
        headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
      }),
      'URI_TOO_LONG',
    );
  });

  it('an address or headers over Node’s limit → 431 HEADERS_TOO_LARGE', async () => {
    expectError(
      await rawRequest(port, { target: `/api/${'a'.repeat(20_000)}` }),
      'HEADERS_TOO_LARGE',
    );
    expectError(
      await rawRequest(port, {
        target: CONFIG,
        headers: { cookie: 'a'.repeat(20_000) },
      }),
      'HEADERS_TOO_LARGE',
    );
  });

  it('bytes that are not HTTP → 400 BAD_REQUEST', async () => {
    expectError(await sendRaw(port, 'HELLO THERE\r\n\r\n'), 'BAD_REQUEST');
  });

  it('an HTTP/1.1 request without Host → 400 BAD_REQUEST', async () => {
    expectError(
      await sendRaw(port, `GET ${CONFIG} HTTP/1.1\r\nconnection: close\r\n\r\n`),
      'BAD_REQUEST',
    );
  });

  it('an Expect other than 100-continue → 417 EXPECTATION_FAILED', async () => {
    expectError(
      await rawRequest(port, { target: CONFIG, headers: { expect: 'tea' } }),
      'EXPECTATION_FAILED',
    );
  });

  it('unknown addresses, /api or not, are JSON 404s', async () => {
    expectError(await rawRequest(port, { target: '/api/nope' }), 'NOT_FOUND');
    const teamInfo = ENDPOINTS.getTeamInfo.path;
    expectError(await rawRequest(port, { method: 'PATCH', target: teamInfo }), 'NOT_FOUND');
    expectError(await rawRequest(port, { target: '/missing.js' }), 'NOT_FOUND');
  });

  it('the headers of raw answers are those helmet sets on routed ones (no drift)', async () => {
    const routed = await rawRequest(port, {
      target: CONFIG,
      headers: { [BUSINESS_UNIT_HEADER]: 'MEGALYTIC_GDS' },
    });
    expect(routed.status).toBe(200);
    const raw = securityHeaders(config);
    expect(Object.keys(raw).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(raw)) {
      expect(routed.headers[name], name).toBe(value);
    }
  });
});
