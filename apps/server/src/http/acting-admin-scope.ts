import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who stands behind the request being served: the platform admin of a switched session, or
 * null. Every request gets its own scope before any other hook runs, and authentication fills
 * it in, so whatever the request goes on to do (handlers, services, the audit writer) can ask
 * without being handed it. Work outside a request (background jobs) has no scope: null.
 */
interface ActingAdminScope {
  actingAdminId: string | null;
}

const scopes = new AsyncLocalStorage<ActingAdminScope>();

/** Opens a fresh scope for every request; register before every other onRequest hook. */
export function registerActingAdminScope(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, _reply, done) => {
    // Everything after this hook, body parsing included, runs inside the scope.
    scopes.run({ actingAdminId: null }, done);
  });
}

/** Called by authentication once it knows the session behind the request. */
export function setActingAdmin(actingAdminId: string | null): void {
  const scope = scopes.getStore();
  if (scope) scope.actingAdminId = actingAdminId;
}

/** The platform admin acting in the current request, or null (none, or outside a request). */
export function currentActingAdmin(): string | null {
  return scopes.getStore()?.actingAdminId ?? null;
}
