import type { FastifyInstance } from 'fastify';
import { connectorCallbackPath } from '@gds/contract';
import { renderSandboxError } from '../pages/interaction-page.ts';
import { renderConsentPage } from './consent-page.ts';
import type { ConsentRequest } from './consent-page.ts';
import { SANDBOX_PROVIDERS_PATH, sandboxClientId } from './sandbox-addresses.ts';
import { accountSlots, defaultLogin } from './sandbox-answers.ts';
import type { SandboxCodes } from './sandbox-codes.ts';
import type { SandboxProviderDeps } from './sandbox-deps.ts';
import { sandboxConnector } from './sandbox-deps.ts';
import type { SandboxConnector } from './sandbox-deps.ts';

/**
 * The sandbox providers' authorize endpoint: checks the request as a real provider would
 * (client, registered redirect URI, PKCE) and shows the consent page; Allow answers a code,
 * Deny access_denied, both by redirecting to the app's callback for that connector.
 */
export function registerSandboxConsentRoutes(
  app: FastifyInstance,
  deps: SandboxProviderDeps,
  codes: SandboxCodes,
): void {
  const { config, control } = deps;
  const base = `${SANDBOX_PROVIDERS_PATH}/:connector`;
  // After Allow/Deny the browser goes to the app's callback: the page policy allows it.
  const helmet = {
    contentSecurityPolicy: { directives: deps.pagePolicy },
  };
  const allowedRedirects = (c: SandboxConnector) =>
    config.appOrigins.map((origin) => `${origin}${connectorCallbackPath(c.nameSimple)}`);

  /** The authorize request's problems, as a real provider would refuse it (no redirect). */
  function checkAuthorize(c: SandboxConnector, q: Record<string, string | undefined>) {
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
        knownLogins: control
          .logins()
          .filter((known) => known.connector === connector.nameSimple)
          .map((known) => known.login),
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
    const code = codes.issue({
      connector: connector.nameSimple,
      redirectUri,
      challenge: body.code_challenge ?? '',
      login,
      accounts,
    });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString(), 303);
  });
}
