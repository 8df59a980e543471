import type { ProviderError } from './provider-http.ts';

/** What the user reads when connecting or refreshing goes wrong: clear, and say what to do. */
export const CONNECT_MESSAGES = {
  stale: 'This connection attempt has expired or was already used. Please connect again.',
  formStale: 'This login form has expired. Close it and connect again.',
  notPermitted: 'You do not have permission to connect data sources.',
  unknownConnector: 'This data source does not exist.',
  loginGone: 'The login you are reconnecting no longer exists. Connect it as a new login.',
  cancelled: (name: string) => `The connection was not completed at ${name}. Please try again.`,
  wrongLogin: (name: string, expected: string) =>
    `You signed in to ${name} with another account than the login you are reconnecting (${expected}). Sign in as ${expected} and try again.`,
  formRefused: (name: string) => `${name} did not accept these details. Check them and try again.`,
  revoked: (name: string) => `Access was revoked or expired at ${name}. Reconnect to resume.`,
  unreadable: (name: string) =>
    `The stored access to ${name} could not be read on our side. Reconnect to resume.`,
  keyMissing: (name: string) =>
    `The stored access to ${name} is waiting for maintenance on our side. It resumes by itself; you do not need to reconnect.`,
  refreshFailing: (name: string) =>
    `${name} has not answered for a while. We keep trying; reconnect if this lasts.`,
} as const;

/** A provider failure during connect, as a retryable sentence (RELIABILITY 22). */
export function providerFailureMessage(name: string, error: ProviderError): string {
  switch (error.kind) {
    case 'timeout':
      return `${name} did not answer in time. Please try again.`;
    case 'unavailable':
      return `${name} is not available right now. Please try again in a few minutes.`;
    case 'refused':
      return `${name} did not accept the connection. Please try again.`;
    case 'invalid':
      return `${name} sent an answer we could not read. Please try again later.`;
  }
}
