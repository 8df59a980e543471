import type { ProviderError } from '../providers/provider-http.ts';

/** What the user reads when connecting goes wrong: clear, and say what to do. */
export const CONNECTION_MESSAGES = {
  stale: 'This connection attempt has expired or was already used. Please connect again.',
  formStale: 'This login form has expired. Close it and connect again.',
  notPermitted: 'You do not have permission to connect data sources.',
  unknownConnector: 'This data source does not exist.',
  cancelled: (name: string) => `The connection was not completed at ${name}. Please try again.`,
  formRefused: (name: string) => `${name} did not accept these details. Check them and try again.`,
} as const;

/**
 * A provider failure during connect, as a sentence the user can act on: every one of them is
 * worth another try, and none leaves anything half-stored.
 */
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
