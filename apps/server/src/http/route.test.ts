import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { DATA_API, ENDPOINTS } from '@gds/contract';
import { defineEndpoint, privateAccess } from '@gds/contract';
import type { ConnectorCaller, SessionUser } from './request-context.ts';
import { createRoute } from './route.ts';
import type { HandlerInput } from './route.ts';

describe('a handler’s user, by its endpoint’s access', () => {
  it('is always there on private and platform-admin endpoints, maybe on public ones, never on connector ones', () => {
    expectTypeOf<HandlerInput<typeof ENDPOINTS.getTeamInfo>['user']>().toEqualTypeOf<SessionUser>();
    expectTypeOf<HandlerInput<typeof ENDPOINTS.searchTeams>['user']>().toEqualTypeOf<SessionUser>();
    expectTypeOf<
      HandlerInput<typeof ENDPOINTS.getConfig>['user']
    >().toEqualTypeOf<SessionUser | null>();
    expectTypeOf<HandlerInput<typeof DATA_API.schema>['user']>().toEqualTypeOf<null>();
    expectTypeOf<
      HandlerInput<typeof DATA_API.schema>['connectorCaller']
    >().toEqualTypeOf<ConnectorCaller>();
    expectTypeOf<
      HandlerInput<typeof ENDPOINTS.getTeamInfo>['connectorCaller']
    >().toEqualTypeOf<null>();
  });

  it('a private endpoint never runs its handler for a caller without a user', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let ran = false;
    const endpoint = defineEndpoint({
      name: 'privateProbe',
      method: 'GET',
      path: '/private-probe',
      access: privateAccess(),
      response: z.object({ id: z.string() }),
      errors: [],
    });
    // A session whose user is gone: signed in once, not now.
    const route = createRoute(app, {
      authenticate: () => Promise.resolve({ kind: 'session', token: 't', user: null } as never),
    });
    route(endpoint, ({ user }) => {
      ran = true;
      return Promise.resolve({ id: user.id });
    });
    const answer = await app.inject({ method: 'GET', url: '/private-probe' });
    expect(answer.statusCode).toBe(401);
    expect(ran).toBe(false);
    await app.close();
  });
});
