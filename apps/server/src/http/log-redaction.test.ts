import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactLogLine, redactPath, redactText, redactValues } from './log-redaction.ts';
import { loggerOptions } from './logger.ts';

const SECRET = 'S3cr3t-Value_9f8e7d';

describe('log redaction', () => {
  it.each([
    ['a Bearer header', `Authorization: Bearer ${SECRET}`],
    ['a Basic header', `authorization=Basic ${SECRET}==`],
    ['CallRail’s token header', `Token token=${SECRET}`],
    ['a query string', `/oauth/x/callback?code=${SECRET}&state=${SECRET}x`],
    ['a form body', `grant_type=refresh_token&refresh_token=${SECRET}&client_secret=${SECRET}`],
    ['a JSON answer', `{"access_token":"${SECRET}","refresh_token":"${SECRET}"}`],
    ['an inspected object', `{ apiKey: '${SECRET}', 'client_secret': "${SECRET}" }`],
    ['camel-case keys', `apiKey=${SECRET} apiSecret: ${SECRET} "clientSecret":"${SECRET}"`],
    ['a secret holding a line break', `x-api-key: ${SECRET}\n${SECRET}`],
    [
      'fetch’s invalid header message',
      `Headers.set: "Token ${SECRET}\n${SECRET}" is an invalid header value.`,
    ],
  ])('text: %s', (_, text) => {
    const redacted = redactText(text);
    expect(redacted).not.toContain(SECRET);
    expect(redacted).toContain(REDACTED);
  });

  it('keeps ordinary text and error codes readable', () => {
    const text = 'refresh failed; will retry (code 57P01, status code: 503, token refresh due)';
    expect(redactText(text)).toBe(text);
  });

  it('a JSON line: every string at any depth, credential-named keys, still valid JSON', () => {
    const line = `${JSON.stringify({
      level: 50,
      msg: `call failed: Bearer ${SECRET}`,
      err: {
        message: `refresh_token=${SECRET}`,
        stack: `Error: x-api-key=${SECRET}\n    at call (provider.ts:1)`,
      },
      request: { headers: { Authorization: `Token token=${SECRET}`, cookie: ['a', SECRET] } },
      code: 'ECONNREFUSED',
    })}\n`;
    const out = redactLogLine(line);
    expect(out.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(out) as { code: string; err: { stack: string } };
    expect(out).not.toContain(SECRET);
    expect(parsed.code).toBe('ECONNREFUSED');
    expect(parsed.err.stack).toContain(REDACTED);
  });

  it.each([
    'authorization',
    'Set-Cookie',
    'access_token',
    'refreshToken',
    'id_token',
    'token',
    'client_secret',
    'apiKey',
    'api-token',
    'apiSecret',
    'secretKey',
    'secret',
    'password',
    'code_verifier',
  ])('a value under the key %s is hidden whole', (key) => {
    const out = redactLogLine(
      `${JSON.stringify({ msg: 'x', nested: { [key]: `a b ${SECRET}` } })}\n`,
    );
    expect(out).not.toContain(SECRET);
    expect(JSON.parse(out)).toEqual({ msg: 'x', nested: { [key]: REDACTED } });
  });

  it('a line with nothing to hide is written unchanged', () => {
    const line = '{"level":30,"msg":"request completed","responseTime":1.5}\n';
    expect(redactLogLine(line)).toBe(line);
  });

  it('exact values: as sent, URL-encoded and JSON-escaped; longest first', () => {
    const secret = 'a b"c/d';
    const text = `${secret} ${encodeURIComponent(secret)} ${JSON.stringify({ k: secret })} ${secret}xyz`;
    const out = redactValues(text, [secret, 'b"c', '']);
    expect(out).not.toContain('b"c');
    expect(out).not.toContain('b%22c');
    expect(out).toContain(`${REDACTED}xyz`);
  });

  it('the server’s logger writes every line through it (message, error, nested object)', () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions({ logLevel: 'trace' }, { write: (line) => void lines.push(line) }),
    });
    let headerError: unknown;
    try {
      new Headers().set('authorization', `Token token=${SECRET}\n${SECRET}`);
    } catch (error) {
      headerError = error;
    }
    app.log.error({ err: headerError }, 'the provider call failed');
    app.log.child({ credential: { accessToken: SECRET } }).warn(`sent Bearer ${SECRET}`);
    app.log.info({ answer: { error: `invalid key api_key=${SECRET}` } }, 'refused');
    expect(lines).toHaveLength(3);
    const log = lines.join('');
    expect(log).toContain('the provider call failed');
    expect(log).toContain('is an invalid header value');
    expect(log).not.toContain(SECRET);
  });

  it('hides the token of an invitation or client link page in a logged path, and nothing else', () => {
    expect(redactPath(`/connect/${SECRET}-and-more`)).toBe(`/connect/${REDACTED}`);
    expect(redactPath(`/invite/${SECRET}-and-more`)).toBe(`/invite/${REDACTED}`);
    expect(redactPath('/connect/done')).toBe('/connect/done');
    expect(redactPath('/data-sources/callback')).toBe('/data-sources/callback');
  });
});
