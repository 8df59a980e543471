import type { FastifyBaseLogger } from 'fastify';
import { redactValues } from '../../http/log-redaction.ts';

/**
 * How a provider call ended badly: `refused` is the provider saying no (bad code, revoked
 * grant, wrong API key: the user must act); `timeout` and `unavailable` are worth retrying;
 * `invalid` is an answer we cannot read or use. Messages name the provider and status only:
 * never a URL query, a body or a token, so that none reaches a log.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'refused' | 'timeout' | 'unavailable' | 'invalid',
    message: string,
    readonly status?: number,
    /** The OAuth error code (invalid_grant, ...) when the provider sent one. */
    readonly oauthError?: string,
  ) {
    super(message);
  }
}

/**
 * The same failure with these secret values replaced in its message (and stack): a
 * ProviderError keeps its kind and status; anything else becomes a plain Error without its
 * extra properties or cause, which may hold the request.
 */
export function withoutSecrets(error: unknown, secrets: ReadonlyArray<string | undefined>): Error {
  const clean = (text: string) => redactValues(text, secrets);
  if (error instanceof ProviderError) {
    const oauthError = error.oauthError === undefined ? undefined : clean(error.oauthError);
    return new ProviderError(error.kind, clean(error.message), error.status, oauthError);
  }
  const rebuilt = new Error(clean(error instanceof Error ? error.message : String(error)));
  if (error instanceof Error) {
    rebuilt.name = error.name;
    rebuilt.stack = clean(error.stack ?? '');
  }
  return rebuilt;
}

/** Logs why a provider call failed (kind, HTTP status, reason): never a token or a field value. */
export function logProviderFailure(
  log: Pick<FastifyBaseLogger, 'warn'>,
  connector: { nameSimple: string },
  error: ProviderError,
  what: string,
): void {
  log.warn(
    {
      connector: connector.nameSimple,
      kind: error.kind,
      status: error.status,
      reason: error.message,
    },
    what,
  );
}
