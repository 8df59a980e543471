import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createConnectorGrantsRepository } from './connector-grants.repository.ts';
import { parseConnectorSubject } from './connector-subject.ts';
import { createOauthArtifactsRepository } from './oauth-artifacts.repository.ts';

/**
 * Models whose id is the bearer secret itself: the row keeps only its hash and the payload
 * drops the id, so nothing in the database can be replayed as a token or a code.
 */
const BEARER_MODELS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'Session',
  'Interaction',
]);

/**
 * How long a rotated refresh token still refreshes. Looker Studio runs every chart of a report
 * as its own execution, at once: when the access token lapses they all refresh with the one
 * refresh token they share, and the first to arrive rotates it. The others, seconds behind,
 * are answered as if it were unspent (each gets a working pair, the grant stands), and so is a
 * client retrying a refresh whose answer it lost. Presented later than this, a spent refresh
 * token is taken for a stolen copy: the provider refuses it and ends the grant with every
 * token of it.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const hash = (id: string) => createHash('sha256').update(id).digest('base64url');

type Payload = Record<string, unknown>;

/**
 * oidc-provider's storage adapter on PostgreSQL, so every instance sees the same codes,
 * tokens, grants and interactions (its in-memory adapter would not). Answers the factory the
 * provider calls once per model.
 */
export function createOauthAdapter(deps: { db: Db; clock: Clock }) {
  const rows = createOauthArtifactsRepository(deps.db);

  /**
   * The provider ends a grant (a token revoked, a code replayed or burnt, a grant revoked on
   * the Data Sources screen): its connector grant is recorded as revoked with it, so the list
   * shows only grants that can still act and the data API refuses it, whatever ended it.
   */
  async function endConnectorGrant(grantId: string) {
    const row = await rows.find('Grant', hash(grantId), deps.clock());
    const accountId = row?.payload.accountId;
    const subject = typeof accountId === 'string' ? parseConnectorSubject(accountId) : undefined;
    if (!subject) return;
    await createConnectorGrantsRepository(deps.db).revoke(subject.teamId, grantId, deps.clock());
  }

  return (model: string) => {
    const bearer = BEARER_MODELS.has(model);
    // Only a refresh token gets the grace: a code is still spent the moment it is redeemed.
    const withinReuseGrace = (consumedAt: Date) =>
      model === 'RefreshToken' &&
      deps.clock().getTime() - consumedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000;
    const revive = (
      id: string | undefined,
      row: { payload: Payload; consumed_at: Date | null },
    ) => ({
      ...row.payload,
      ...(bearer && id !== undefined ? { jti: id } : {}),
      ...(row.consumed_at && !withinReuseGrace(row.consumed_at)
        ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : {}),
    });
    return {
      async upsert(id: string, payload: Payload, expiresIn?: number) {
        const stored: Payload = { ...payload };
        // A Session or Interaction keeps its id: findByUid answers it without being given it.
        if (bearer && model !== 'Session' && model !== 'Interaction') delete stored.jti;
        await rows.upsert({
          model,
          idHash: hash(id),
          payload: stored,
          grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
          uid: typeof payload.uid === 'string' ? payload.uid : null,
          expiresAt: expiresIn ? new Date(deps.clock().getTime() + expiresIn * 1000) : null,
        });
      },
      async find(id: string) {
        const row = await rows.find(model, hash(id), deps.clock());
        return row ? revive(id, row) : undefined;
      },
      async findByUid(uid: string) {
        const row = await rows.findByUid(model, uid, deps.clock());
        return row ? revive(undefined, row) : undefined;
      },
      findByUserCode() {
        // The device flow is not enabled.
        return Promise.resolve(undefined);
      },
      consume: (id: string) => rows.consume(model, hash(id), deps.clock()),
      async destroy(id: string) {
        if (model === 'Grant') await endConnectorGrant(id);
        await rows.destroy(model, hash(id));
      },
      revokeByGrantId: (grantId: string) => rows.destroyByGrant(grantId),
    };
  };
}

/**
 * Deletes the provider's grants and every code and token issued under them, in the caller's
 * transaction (a membership change that ends a member's grants).
 */
export function destroyGrantArtifacts(db: Db, grantIds: readonly string[]): Promise<void> {
  return createOauthArtifactsRepository(db).destroyGrants(
    grantIds.map((grantId) => ({ grantId, idHash: hash(grantId) })),
  );
}

/** Deletes expired artifacts (the hourly purge). */
export function purgeOauthArtifacts(deps: { db: Db; clock: Clock }) {
  return createOauthArtifactsRepository(deps.db).purgeExpired(deps.clock());
}
