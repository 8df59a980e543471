import { DATA_READ_SCOPE, hasPermissions } from '@gds/contract';
import type { ConnectorGrant } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { ConnectorCaller, SessionUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toPerson } from '../team/team.mappers.ts';
import { CONNECTOR_CLIENT_NAME } from './authorization-server.ts';
import type { AuthorizationServer } from './authorization-server.ts';
import { connectorSubject, parseConnectorSubject } from './connector-subject.ts';
import { destroyGrantArtifacts } from './oauth-adapter.ts';
import { createConnectorGrantsRepository } from './connector-grants.repository.ts';
import type { GrantView } from './connector-grants.repository.ts';

/**
 * Who a data API call acts for: the member and team of the grant its token was issued under
 * (declared by the HTTP layer, which hands it to connector endpoints' handlers).
 */
export type { ConnectorCaller };

/** last_used_at is written at most this often per grant (it is shown to the minute). */
const TOUCH_EVERY_MS = 60 * 1000;

/** Bearer tokens are oidc-provider's opaque ids: anything else is refused before a lookup. */
const TOKEN_SHAPE = /^[\w-]{20,200}$/;

/**
 * Connector grants: made on the consent screen, listed and revoked on the Data Sources
 * screen, and checked on every data API call, so a revoked grant or a member who left the
 * team is refused at once, whatever the token's own lifetime.
 */
export function createConnectorGrantsService(deps: {
  db: Db;
  clock: Clock;
  server: AuthorizationServer;
}) {
  const grants = createConnectorGrantsRepository(deps.db);

  const toGrant = (row: GrantView, user: SessionUser): ConnectorGrant => ({
    id: row.grant_id,
    user:
      row.member_id && row.email !== null
        ? toPerson({
            id: row.member_id,
            email: row.email,
            name: row.name ?? '',
            first_name: row.first_name ?? '',
            last_name: row.last_name ?? '',
          })
        : null,
    client: { id: row.client_id, name: CONNECTOR_CLIENT_NAME },
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revocable: row.user_id === user.id || hasPermissions(user.permissions, ['manage_data_sources']),
  });

  /** Deletes every code and token issued under the grant, and the provider's grant itself. */
  async function destroyArtifacts(grantId: string) {
    const provider = await deps.server.provider();
    await provider.AccessToken.revokeByGrantId(grantId);
    const grant = await provider.Grant.find(grantId);
    await grant?.destroy();
  }

  return {
    /** The consent screen's Allow: a grant of data.read for this member and team. */
    async allow(user: SessionUser, clientId: string): Promise<string> {
      const provider = await deps.server.provider();
      const grant = new provider.Grant({
        clientId,
        accountId: connectorSubject(user.teamId, user.id),
      });
      // Without resource indicators, a plain OAuth scope is kept with the OpenID ones.
      grant.addOIDCScope(DATA_READ_SCOPE);
      const grantId = await grant.save();
      await deps.db.transaction().execute(async (tx) => {
        await createConnectorGrantsRepository(tx).insert({
          grantId,
          teamId: user.teamId,
          userId: user.id,
          clientId,
        });
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'connector_grant.created',
          details: { grantId, clientId },
        });
      });
      return grantId;
    },

    /** The team's grants that can still act, newest first. */
    async list(user: SessionUser): Promise<ConnectorGrant[]> {
      const rows = await grants.listActive(user.teamId, deps.clock());
      return rows.map((row) => toGrant(row, user));
    },

    /** Revokes one of the team's grants: one's own, or anyone's with manage_data_sources. */
    async revoke(user: SessionUser, grantId: string): Promise<void> {
      const row = await grants.findLive(user.teamId, grantId);
      if (!row) throw notFound('That connector access');
      if (!toGrant(row, user).revocable) throw forbidden();
      await deps.db.transaction().execute(async (tx) => {
        await createConnectorGrantsRepository(tx).revoke(user.teamId, grantId, deps.clock());
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'connector_grant.revoked',
          details: { grantId, clientId: row.client_id, grantedBy: row.user_id },
        });
      });
      await destroyArtifacts(grantId);
    },

    /**
     * The caller behind a data API bearer token, or null: unknown, expired, without the scope
     * the endpoint needs (data.read unless told), revoked, or its member no longer in the team.
     * `touch` records the use (a data request started; reads such as polls change nothing).
     */
    async verifyAccessToken(
      token: string,
      options: { touch: boolean; scope?: string } = { touch: false },
    ): Promise<ConnectorCaller | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const provider = await deps.server.provider();
      const issued = await provider.AccessToken.find(token);
      if (!issued?.grantId) return null;
      const scope = options.scope ?? DATA_READ_SCOPE;
      if (!(issued.scope ?? '').split(' ').includes(scope)) return null;
      const subject = parseConnectorSubject(issued.accountId);
      if (!subject) return null;
      const row = await grants.findLive(subject.teamId, issued.grantId);
      if (!row || row.member_id === null || row.user_id !== subject.userId) return null;
      if (row.client_id !== issued.clientId) return null;
      const now = deps.clock();
      const stale =
        !row.last_used_at || now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS;
      if (options.touch && stale) {
        await grants.touch(subject.teamId, issued.grantId, now);
      }
      return { ...subject, grantId: issued.grantId, clientId: issued.clientId };
    },
  };
}

export type ConnectorGrantsService = ReturnType<typeof createConnectorGrantsService>;

/**
 * Ends every grant a member gave in a team, with every code and token issued under them, in
 * the transaction of the change that took the member's data access away (removal, leaving,
 * moving to another team, a role that grants nothing): their refresh tokens then get
 * invalid_grant, and coming back to the team later brings none of them back.
 */
export async function endMemberGrants(
  tx: Db,
  member: { teamId: string; userId: string },
  at: Date,
): Promise<void> {
  const ended = await createConnectorGrantsRepository(tx).revokeAllOf(
    member.teamId,
    member.userId,
    at,
  );
  await destroyGrantArtifacts(tx, ended);
}
