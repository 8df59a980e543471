import { ERROR_STATUS } from '@gds/contract';
import type { ErrorCode } from '@gds/contract';

/** The one error type services throw; the error handler turns it into `{ error: {...} }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue.');

export const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do that.');
