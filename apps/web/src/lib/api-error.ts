/** An API answer that is not a success: the HTTP status plus the body's code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The server's id for the request (in its logs), when the answer carried one. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * The session is gone (401/440): the app is already on its way to /logout with the inactivity
 * toast, so screens keep their loading look instead of showing the same message again.
 */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 440);
}

/** A friendly sentence for any error thrown by a fetcher. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return 'Something went wrong. Please try again.';
}
