import type { FastifyRequest } from 'fastify';
import { FORM_LOGIN, accountSlots, hasDemoSecrets } from './sandbox-answers.ts';
import type { SandboxConnector, SandboxProviderDeps } from './sandbox-deps.ts';
import { validGrant } from './sandbox-grants.ts';
import { findAccessToken } from './sandbox-tokens.ts';

/** Who calls a sandbox API: the login and the account slots it may read. */
export interface SandboxCaller {
  login: string;
  accounts: number[];
}

/** An OAuth access token's grant, or a form login's demo secrets; undefined for neither. */
export function sandboxCaller(
  deps: SandboxProviderDeps,
  connector: SandboxConnector,
  req: FastifyRequest,
): SandboxCaller | undefined {
  if (connector.auth === 'form') {
    const ok = hasDemoSecrets(connector.loginFields ?? [], req.headers, req.body);
    const all = Array.from(
      { length: accountSlots(connector, deps.control.accountsPerLogin) },
      (_, i) => i + 1,
    );
    return ok ? { login: FORM_LOGIN, accounts: all } : undefined;
  }
  const token = findAccessToken(req.headers);
  const grant = token ? validGrant(deps, 'at', connector, token) : undefined;
  return grant ? { login: grant.l, accounts: grant.a } : undefined;
}
