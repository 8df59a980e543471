import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@gds/contract';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { AppError } from '../lib/errors.ts';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const GENERIC_MESSAGES: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'The request is not valid.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the body as application/x-www-form-urlencoded.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
};

/**
 * One error handler: every failure becomes `{ error: { code, message, field?, requestId } }`,
 * the request id being the one its log lines carry.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    const errorBody = (code: string, message: string, field?: string) =>
      withRequestId(plainErrorBody(code, message, field), req.id);
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, 'request failed');
      return reply.code(error.status).send(errorBody(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = where || undefined;
      const message = `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid value'}`;
      return reply.code(400).send(errorBody('VALIDATION_FAILED', message, field));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = STATUS_CODES[status];
    if (status < 500 && code) {
      return reply
        .code(status)
        .send(errorBody(code, GENERIC_MESSAGES[code] ?? 'The request was refused.'));
    }
    // 5xx: log everything, answer nothing about internals.
    req.log.error({ err: error }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          errorBody('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again.'),
        );
    }
    return reply
      .code(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}

export function errorBody(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}

const plainErrorBody = errorBody;

/** The error body with the request's id, for answers made while a request is known. */
export function withRequestId(
  body: ReturnType<typeof errorBody>,
  requestId: string,
): { error: ReturnType<typeof errorBody>['error'] & { requestId: string } } {
  return { error: { ...body.error, requestId } };
}
