/**
 * What the user reads about a stored credential: why storing it was refused, and its health
 * after a refresh (shown as the login's status on the Data Sources screen). Users call a
 * credential a login, so the sentences do too.
 */
export const CREDENTIAL_MESSAGES = {
  gone: 'The login you are reconnecting no longer exists. Connect it as a new login.',
  wrongAccount: (name: string, expected: string) =>
    `You signed in to ${name} with another account than the login you are reconnecting (${expected}). Sign in as ${expected} and try again.`,
  revoked: (name: string) => `Access was revoked or expired at ${name}. Reconnect to resume.`,
  unreadable: (name: string) =>
    `The stored access to ${name} could not be read on our side. Reconnect to resume.`,
  keyMissing: (name: string) =>
    `The stored access to ${name} is waiting for maintenance on our side. It resumes by itself; you do not need to reconnect.`,
  refreshFailing: (name: string) =>
    `${name} has not answered for a while. We keep trying; reconnect if this lasts.`,
} as const;
