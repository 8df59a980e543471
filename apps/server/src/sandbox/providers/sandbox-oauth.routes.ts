import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { connectorCallbackPath } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import { contentSecurityPolicy } from '../../http/security-headers.ts';
import { renderSandboxError } from '../interaction-page.ts';
import { renderConsentPage } from './consent-page.ts';
import type { ConsentRequest } from './consent-page.ts';
import {
  sandboxClientId,
  sandboxClientSecret,
  SANDBOX_PROVIDERS_PATH,
} from './sandbox-addresses.ts';
import { accountSlots, defaultLogin } from './sandbox-answers.ts';
import type { SandboxProviderDeps } from './sandbox-deps.ts';
import { oauthError, recordCall, sandboxConnector } from './sandbox-deps.ts';
import { issueTokens, refreshTokens } from './sandbox-grants.ts';
import { readGrant } from './sandbox-tokens.ts';

interface PendingCode {
  connector: string;
  redirectUri: string;
  challenge: string;
  login: string;
  accounts: number[];
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;

/** The sandbox providers' OAuth2 endpoints: consent page, token (code + refresh), revoke. */
export function registerSandboxOAuthRoutes(app: FastifyInstance, deps: SandboxProviderDeps): void {
  const { config, control } = deps;
  const codes = new Map<string, PendingCode>();
  const base = `${SANDBOX_PROVIDERS_PATH}/:connector`;
  // After Allow/Deny the browser goes to the app's callback: form-action must allow it.
  const helmet = {
    contentSecurityPolicy: {
      directives: contentSecurityPolicy(config, { formAction: ["'self'", ...config.appOrigins] }),
    },
  };
  const allowedRedirects = (c: ConnectorDefinition) =>
    config.appOrigins.map((origin) => `${origin}${connectorCallbackPath(c.nameSimple)}`);

  /** The authorize request's problems, as a real provider would refuse it (no redirect). */
  function checkAuthorize(c: ConnectorDefinition, q: Record<string, string | undefined>) {
    const oauth2 = c.api?.oauth2;
    if (!oauth2) return 'This connector does not use OAuth.';
    if (q[oauth2.clientIdParam ?? 'client_id'] !== sandboxClientId(c.nameSimple))
      return 'Unknown client.';
    if (!allowedRedirects(c).includes(q.redirect_uri ?? ''))
      return 'The redirect_uri is not registered.';
    if (q.response_type !== 'code') return 'Only response_type=code is supported.';
    if (!q.state) return 'The state parameter is required.';
    if (oauth2.pkce && (!q.code_challenge || q.code_challenge_method !== 'S256')) {
      return 'PKCE with S256 is required.';
    }
    return undefined;
  }

  app.get(`${base}/authorize`, { helmet }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const connector = sandboxConnector(req);
    const query = req.query as Record<string, string | undefined>;
    const problem = connector ? checkAuthorize(connector, query) : 'Unknown connector.';
    if (!connector || problem) {
      return reply
        .code(400)
        .type('text/html')
        .send(renderSandboxError('This connection request is not valid.', problem));
    }
    const request: ConsentRequest = {
      redirect_uri: query.redirect_uri ?? '',
      state: query.state ?? '',
      code_challenge: query.code_challenge ?? '',
      scope: query.scope ?? '',
    };
    const slots = accountSlots(connector, control.accountsPerLogin);
    const accounts = Array.from({ length: slots }, (_, i) => ({
      index: i + 1,
      name: `${connector.name} demo ${i + 1}`,
    }));
    return reply.type('text/html').send(
      renderConsentPage({
        connector,
        action: req.url.split('?')[0] ?? '',
        request,
        login: defaultLogin(connector),
        accounts,
      }),
    );
  });

  app.post(`${base}/authorize`, { helmet }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const connector = sandboxConnector(req);
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const redirectUri = body.redirect_uri ?? '';
    if (!connector || !allowedRedirects(connector).includes(redirectUri) || !body.state) {
      return reply
        .code(400)
        .type('text/html')
        .send(renderSandboxError('This connection request is not valid.'));
    }
    const target = new URL(redirectUri);
    target.searchParams.set('state', body.state);
    const login = (body.login ?? '').trim().slice(0, 254);
    if (body.decision !== 'allow' || !login) {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 303);
    }
    const slots = accountSlots(connector, control.accountsPerLogin);
    const accounts = Array.from({ length: slots }, (_, i) => i + 1).filter(
      (n) => body[`account_${n}`] === 'on',
    );
    const code = randomBytes(24).toString('base64url');
    if (codes.size > 1000) codes.clear();
    codes.set(code, {
      connector: connector.nameSimple,
      redirectUri,
      challenge: body.code_challenge ?? '',
      login,
      accounts,
      expiresAt: deps.clock().getTime() + CODE_TTL_MS,
    });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString(), 303);
  });

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
    const pending = codes.get(body.code ?? '');
    codes.delete(body.code ?? '');
    const verifier = body.code_verifier ?? '';
    const pkceOk = pending?.challenge
      ? createHash('sha256').update(verifier).digest('base64url') === pending.challenge
      : !verifier;
    if (
      !pending ||
      pending.connector !== connector.nameSimple ||
      pending.redirectUri !== body.redirect_uri ||
      pending.expiresAt < deps.clock().getTime() ||
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
  connector: ConnectorDefinition,
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
