import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { singleLineText } from '@gds/contract';
import type Provider from 'oidc-provider';
import type { PagePolicy } from './host/sandbox-host.ts';
import { renderSandboxError, renderSignInPage } from './pages/interaction-page.ts';
import { SANDBOX_OIDC_PATH } from './sandbox-constants.ts';
import type { SandboxAccounts } from './sandbox-idp.ts';

const signInForm = z.object({
  email: z.email('Enter a valid email address.').max(254),
  firstName: singleLineText('First name').trim().max(100).default(''),
  lastName: singleLineText('Last name').trim().max(100).default(''),
});

/**
 * Mounts the sandbox IdP: our own sign-in page for its interactions, everything else handed
 * to oidc-provider's Koa app. That app reads its own request bodies, so its routes live in a
 * scope whose body parser leaves the stream untouched.
 */
export async function registerSandboxRoutes(
  app: FastifyInstance,
  deps: {
    pagePolicy: PagePolicy;
    provider: () => Promise<Provider>;
    accounts: SandboxAccounts;
  },
): Promise<void> {
  const { provider, accounts } = deps;
  // The form's redirect chain ends on the app's /login/callback: the page policy allows it.
  const helmet = {
    contentSecurityPolicy: { directives: deps.pagePolicy },
  };
  const interactionPath = `${SANDBOX_OIDC_PATH}/interaction/:uid`;

  app.get(interactionPath, { helmet }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const op = await provider();
    try {
      // Throws when the interaction cookie is missing or the attempt has expired.
      await op.interactionDetails(req.raw, reply.raw);
      const action = req.url.split('?')[0] ?? '';
      return await reply.type('text/html').send(renderSignInPage({ action }));
    } catch {
      return reply.code(400).type('text/html').send(expiredPage());
    }
  });

  app.post(interactionPath, { helmet }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const action = req.url.split('?')[0] ?? '';
    const values = (req.body ?? {}) as Record<string, string>;
    const parsed = signInForm.safeParse(values);
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'Check the form.';
      return reply.code(400).type('text/html').send(renderSignInPage({ action, values, error }));
    }
    const { email, firstName, lastName } = parsed.data;
    const accountId = accounts.remember({
      email,
      given_name: firstName,
      family_name: lastName,
      name: [firstName, lastName].filter(Boolean).join(' '),
      picture: '',
    });
    const op = await provider();
    let returnTo: string;
    try {
      returnTo = await op.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    } catch {
      return reply.code(400).type('text/html').send(expiredPage());
    }
    return reply.redirect(returnTo, 303);
  });

  let callback: ReturnType<Provider['callback']> | undefined;
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    scope.all(`${SANDBOX_OIDC_PATH}/*`, async (req, reply) => {
      callback ??= (await provider()).callback();
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      // oidc-provider routes relative to its mount path and finds the path from originalUrl.
      raw.originalUrl = url;
      raw.url = url.slice(SANDBOX_OIDC_PATH.length) || '/';
      callback(raw, reply.raw);
    });
    done();
  });
}

function expiredPage(): string {
  return renderSandboxError('This sign-in attempt has expired or was already completed.');
}
