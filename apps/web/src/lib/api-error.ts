/** An API answer that is not a success: the HTTP status plus the body's code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A friendly sentence for any error thrown by a fetcher. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return 'Something went wrong. Please try again.';
}
