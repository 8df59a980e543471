import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SANDBOX_PROVIDERS_PATH,
  sandboxClientId,
  sandboxClientSecret,
} from './sandbox-addresses.ts';
import type { SandboxCodes } from './sandbox-codes.ts';
import type { SandboxProviderDeps } from './sandbox-deps.ts';
import { oauthError, recordCall, sandboxConnector } from './sandbox-deps.ts';
import { issueTokens, refreshTokens } from './sandbox-grants.ts';
import { readGrant } from './sandbox-tokens.ts';
import type { SandboxConnector } from './sandbox-deps.ts';

/** The sandbox providers' token endpoint (code with PKCE, refresh) and RFC 7009 revocation. */
export function registerSandboxTokenRoutes(
  app: FastifyInstance,
  deps: SandboxProviderDeps,
  codes: SandboxCodes,
): void {
  const { control } = deps;
  const base = `${SANDBOX_PROVIDERS_PATH}/:connector`;

  app.post(`${base}/token`, async (req, reply) => {
    const connector = sandboxConnector(req);
    if (!connector?.api?.oauth2) return oauthError(reply, 404, 'invalid_request');
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const refreshing = body.grant_type === 'refresh_token';
    if (await recordCall(deps, req, reply, connector.nameSimple, refreshing ? 'refresh' : 'token'))
      return reply;
    if (control.tokenDelayMs > 0) await new Promise((r) => setTimeout(r, control.tokenDelayMs));
    if (!clientAuthenticated(deps, connector, req, body))
      return oauthError(reply, 401, 'invalid_client');
    if (refreshing) {
      const answer = refreshTokens(deps, connector, body.refresh_token ?? '');
      return answer ? answer : oauthError(reply, 400, 'invalid_grant');
    }
    if (body.grant_type !== 'authorization_code')
      return oauthError(reply, 400, 'unsupported_grant_type');
    const pending = codes.redeem(body.code ?? '');
    const verifier = body.code_verifier ?? '';
    const pkceOk = pending?.challenge
      ? createHash('sha256').update(verifier).digest('base64url') === pending.challenge
      : !verifier;
    if (
      !pending ||
      pending.connector !== connector.nameSimple ||
      pending.redirectUri !== body.redirect_uri ||
      !pkceOk
    ) {
      return oauthError(reply, 400, 'invalid_grant');
    }
    return issueTokens(deps, connector, pending.login, pending.accounts, true);
  });

  app.post(`${base}/revoke`, async (req, reply) => {
    const connector = sandboxConnector(req);
    if (!connector) return oauthError(reply, 404, 'invalid_request');
    if (await recordCall(deps, req, reply, connector.nameSimple, 'revoke')) return reply;
    const token = ((req.body ?? {}) as Record<string, string | undefined>).token ?? '';
    const grant = readGrant(deps.key, 'rt', token) ?? readGrant(deps.key, 'at', token);
    if (grant?.c === connector.nameSimple) control.revoke(grant.c, grant.l);
    // RFC 7009: the answer is the same whether the token was known or not.
    return {};
  });
}

/** Client authentication as the connector's settings say (Basic, form body, or none). */
function clientAuthenticated(
  deps: SandboxProviderDeps,
  connector: SandboxConnector,
  req: FastifyRequest,
  body: Record<string, string | undefined>,
): boolean {
  const oauth2 = connector.api?.oauth2;
  const id = sandboxClientId(connector.nameSimple);
  const secret = sandboxClientSecret(deps.key, connector.nameSimple);
  const idParam = oauth2?.clientIdParam ?? 'client_id';
  switch (oauth2?.clientAuth ?? 'body') {
    case 'basic': {
      const header = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const [user = '', pass = ''] = Buffer.from(header, 'base64').toString('utf8').split(':');
      return decodeURIComponent(user) === id && decodeURIComponent(pass) === secret;
    }
    case 'body':
      return body[idParam] === id && body.client_secret === secret;
    case 'none':
      return body[idParam] === id;
  }
}
