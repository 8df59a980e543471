/**
 * Addresses of the sandbox identity provider, apart from its implementation so that code
 * which only needs them does not load oidc-provider (Google mode never loads it).
 */
export const SANDBOX_OIDC_PATH = '/sandbox/oidc';
export const SANDBOX_CLIENT_ID = 'gds-app';

export const sandboxIssuer = (publicUrl: string) => `${publicUrl}${SANDBOX_OIDC_PATH}`;
