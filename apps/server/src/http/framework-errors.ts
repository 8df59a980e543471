import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ERROR_STATUS } from '@gds/contract';
import type { ErrorCode } from '@gds/contract';
import { errorBody } from './error-handler.ts';

/**
 * Answers written outside Fastify's hooks and error handler: the router's refusals, Node's
 * HTTP parser errors and expectations we do not meet. They carry the same error body and the
 * same security headers as every other answer (`headers` comes from securityHeaders()).
 */
type Headers = Readonly<Record<string, string>>;
type Answer = readonly [ErrorCode, string];

export const BAD_ADDRESS = 'This address is not valid. Check the link and try again.';

const ROUTER_ERRORS: Record<string, Answer> = {
  FST_ERR_BAD_URL: ['BAD_REQUEST', BAD_ADDRESS],
  FST_ERR_MAX_PARAM_LENGTH: [
    'URI_TOO_LONG',
    'This address is too long. Check the link and try again.',
  ],
};

const PARSER_ERRORS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: [
    'HEADERS_TOO_LARGE',
    'The address or headers of this request are too large. Clear this site’s cookies and try again.',
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [
    'REQUEST_TIMEOUT',
    'The request took too long to arrive. Please try again.',
  ],
};
const UNREADABLE: Answer = ['BAD_REQUEST', 'The request could not be read. Please try again.'];
const INTERNAL: Answer = ['INTERNAL', 'Something went wrong on our side. Please try again.'];

function payload([code, message]: Answer, headers: Headers) {
  const body = JSON.stringify(errorBody(code, message));
  return {
    status: ERROR_STATUS[code],
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  };
}

/** Fastify's frameworkErrors option: a malformed escape (400) or an over-long parameter (414). */
export function frameworkErrorHandler(headers: Headers) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    const answer = ROUTER_ERRORS[error.code] ?? INTERNAL;
    if (answer === INTERNAL) req.log.error({ err: error }, 'routing failed');
    const { status, headers: all, body } = payload(answer, headers);
    void reply.code(status).headers(all).send(body);
  };
}

/**
 * Fastify's clientErrorHandler option: Node's parser refused the bytes (headers or address
 * over its size limit, malformed HTTP, too slow), so there is no request, only a socket.
 */
export function clientErrorHandler(
  headers: Headers,
): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const {
      status,
      headers: all,
      body,
    } = payload(PARSER_ERRORS[error.code] ?? UNREADABLE, headers);
    if (socket.writable) {
      const head = Object.entries({ ...all, connection: 'close' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** The server's checkExpectation listener: any Expect but 100-continue is refused (417). */
export function expectationHandler(headers: Headers) {
  return (_req: IncomingMessage, res: ServerResponse): void => {
    const answer: Answer = [
      'EXPECTATION_FAILED',
      'This server does not support that Expect header. Send the request without it.',
    ];
    const { status, headers: all, body } = payload(answer, headers);
    res.writeHead(status, { ...all, connection: 'close' });
    res.end(body);
  };
}
