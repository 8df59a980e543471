import { randomUUID } from 'node:crypto';
import { CONNECTORS, DEFAULT_BUSINESS_UNIT } from '@gds/contract';
import type { ConnectorDefinition } from '@gds/contract';
import { providerApiOf } from '@gds/contract/providers';
import { expect, it } from 'vitest';
import {
  CONNECTION_STATE_TTL_MS,
  issueConnectionState,
  peekConnectionState,
  redeemConnectionState,
} from '../../src/modules/connection/connection-state.ts';
import type { ConnectionHolder } from '../../src/modules/connection/connection-state.ts';
import { createOauthStatesService } from '../../src/modules/oauth-states/oauth-states.service.ts';
import type { Provider } from '../../src/modules/providers/provider-directory.ts';
import { describeEachDatabase } from '../helpers/each-database.ts';
import { testClock } from '../helpers/test-app.ts';

/** A connector ready to call, registered with made-up client credentials. */
function providerOf(connector: ConnectorDefinition): Provider {
  const api = providerApiOf(connector);
  if (!api) throw new Error(`${connector.name} has no provider API`);
  return {
    connector,
    sandbox: false,
    api,
    clientId: 'client-id',
    clientSecret: 'client-secret',
    values: { clientId: 'client-id', developerToken: '' },
  };
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the catalog lacks a connector this test needs');
  return value;
}

const oauthConnectors = CONNECTORS.filter((c) => providerApiOf(c)?.oauth2?.pkce);
const PKCE = need(oauthConnectors[0]);
const OTHER = need(oauthConnectors[1]);
const FORM = need(CONNECTORS.find((c) => c.auth === 'form' && providerApiOf(c)));

function member(teamId = randomUUID()): ConnectionHolder & { kind: 'member' } {
  const user = { id: randomUUID(), teamId, teamUnit: DEFAULT_BUSINESS_UNIT };
  return { kind: 'member', sessionToken: randomUUID(), user };
}

describeEachDatabase('connection states', (db) => {
  const setup = () => {
    const clock = testClock();
    return { clock, deps: { clock, states: createOauthStatesService(db()) } };
  };

  it('issues a state the consent address carries, redeemed once by its member', async () => {
    const { deps } = setup();
    const holder = member();
    const issued = await issueConnectionState(deps, {
      holder,
      facts: { kind: 'member', credentialId: null, returnUri: 'https://tool.example/back' },
      connector: PKCE,
      provider: providerOf(PKCE),
      origin: 'https://app.example',
    });
    const consent = new URL(issued.authUri ?? '');
    expect(consent.searchParams.get('state')).toBe(issued.state);
    expect(consent.searchParams.get('code_challenge')).toBeTruthy();
    const redeem = () =>
      redeemConnectionState(deps, { holder, state: issued.state, connectorId: PKCE.id });
    const first = await redeem();
    expect(first).toMatchObject({ kind: 'valid', teamId: holder.user.teamId });
    expect(first.kind === 'valid' && first.row.return_uri).toBe('https://tool.example/back');
    expect(first.kind === 'valid' && first.row.code_verifier).not.toBe('');
    expect(await redeem()).toEqual({ kind: 'none' });
  });

  it('is worth nothing after 10 minutes, or to another browser', async () => {
    const { deps, clock } = setup();
    const holder = member();
    const facts = { kind: 'member', credentialId: null, returnUri: null } as const;
    const input = { holder, facts, connector: PKCE, provider: providerOf(PKCE), origin: 'x:' };
    const late = await issueConnectionState(deps, input);
    const stolen = await issueConnectionState(deps, input);
    clock.advance(CONNECTION_STATE_TTL_MS);
    expect(
      await redeemConnectionState(deps, { holder, state: late.state, connectorId: PKCE.id }),
    ).toEqual({ kind: 'none' });
    const other = { ...holder, sessionToken: randomUUID() };
    clock.advance(-1);
    expect(
      await redeemConnectionState(deps, {
        holder: other,
        state: stolen.state,
        connectorId: PKCE.id,
      }),
    ).toEqual({ kind: 'none' });
    expect(
      await redeemConnectionState(deps, { holder, state: stolen.state, connectorId: PKCE.id }),
    ).toMatchObject({ kind: 'valid' });
  });

  it('a member’s state is not a client’s, nor a client’s a member’s, even in the same browser', async () => {
    const { deps } = setup();
    const holder = member();
    const client = { kind: 'client', browser: holder.sessionToken } as const;
    const provider = providerOf(PKCE);
    const memberState = await issueConnectionState(deps, {
      holder,
      facts: { kind: 'member', credentialId: null, returnUri: null },
      connector: PKCE,
      provider,
      origin: 'x:',
    });
    const clientState = await issueConnectionState(deps, {
      holder: client,
      facts: {
        kind: 'client',
        unit: DEFAULT_BUSINESS_UNIT,
        teamId: holder.user.teamId,
        linkId: randomUUID(),
        email: 'client@example.com',
        credentialId: null,
      },
      connector: PKCE,
      provider,
      origin: 'x:',
    });
    const redeem = (who: ConnectionHolder, state: string) =>
      redeemConnectionState(deps, { holder: who, state, connectorId: PKCE.id });
    expect(await redeem(client, memberState.state)).toEqual({ kind: 'none' });
    expect(await redeem(holder, clientState.state)).toEqual({ kind: 'none' });
    // Neither attempt used them up: each still works in its own flow.
    expect(await redeem(holder, memberState.state)).toMatchObject({ kind: 'valid' });
    const credited = await redeem(client, clientState.state);
    expect(credited).toMatchObject({ kind: 'valid', teamId: holder.user.teamId });
    expect(credited.kind === 'valid' && credited.row.client_email).toBe('client@example.com');
  });

  it('brought to another connector, or by a member now in another team, it is stale and spent', async () => {
    const { deps } = setup();
    const holder = member();
    const facts = { kind: 'member', credentialId: null, returnUri: null } as const;
    const input = { holder, facts, connector: PKCE, provider: providerOf(PKCE), origin: 'x:' };
    const elsewhere = await issueConnectionState(deps, input);
    expect(
      await redeemConnectionState(deps, { holder, state: elsewhere.state, connectorId: OTHER.id }),
    ).toEqual({ kind: 'stale', teamId: holder.user.teamId });
    expect(
      await redeemConnectionState(deps, { holder, state: elsewhere.state, connectorId: PKCE.id }),
    ).toEqual({ kind: 'none' });

    const moved = await issueConnectionState(deps, input);
    const inNewTeam = { ...holder, user: { ...holder.user, teamId: randomUUID() } };
    expect(
      await redeemConnectionState(deps, {
        holder: inNewTeam,
        state: moved.state,
        connectorId: PKCE.id,
      }),
    ).toMatchObject({ kind: 'stale' });
  });

  it('a form connector’s state is peeked without being spent, then redeemed once', async () => {
    const { deps } = setup();
    const holder = member();
    const issued = await issueConnectionState(deps, {
      holder,
      facts: { kind: 'member', credentialId: null, returnUri: null },
      connector: FORM,
      provider: providerOf(FORM),
      origin: 'x:',
    });
    expect(issued.authUri).toBeNull();
    const peek = () => peekConnectionState(deps, { holder, state: issued.state });
    expect(await peek()).toMatchObject({ kind: 'valid' });
    expect(await peek()).toMatchObject({ kind: 'valid' });
    const redeem = () =>
      redeemConnectionState(deps, { holder, state: issued.state, connectorId: FORM.id });
    expect(await redeem()).toMatchObject({ kind: 'valid' });
    expect(await redeem()).toEqual({ kind: 'none' });
    expect(await peek()).toEqual({ kind: 'none' });
  });
});
