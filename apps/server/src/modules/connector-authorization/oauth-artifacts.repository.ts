import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/prepared-statements.ts';

/** A live artifact (not past its expiry) by hashed id: every data API call finds its token here. */
const FIND = namedStatement(
  'oauth_artifact_find',
  (db: Db, v: { model: string; idHash: string; now: Date }) =>
    db
      .selectFrom('oauth_artifacts')
      .select(['payload', 'consumed_at'])
      .where('model', '=', v.model)
      .where('id_hash', '=', v.idHash)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', v.now)]))
      .compile(),
);

/**
 * SQL of oidc-provider's storage: one row per model and hashed id. Not tenant data (the
 * authorization server's own artifacts, found by a secret id), so statements name no team.
 */
export function createOauthArtifactsRepository(db: Db) {
  return {
    async upsert(row: {
      model: string;
      idHash: string;
      payload: Record<string, unknown>;
      grantId: string | null;
      uid: string | null;
      expiresAt: Date | null;
    }) {
      const values = {
        payload: JSON.stringify(row.payload),
        grant_id: row.grantId,
        uid: row.uid,
        expires_at: row.expiresAt,
        consumed_at: null,
      };
      await db
        .insertInto('oauth_artifacts')
        .values({ model: row.model, id_hash: row.idHash, ...values })
        .onConflict((oc) => oc.columns(['model', 'id_hash']).doUpdateSet(values))
        .execute();
    },

    /** A live row (not past its expiry) by hashed id. */
    async find(model: string, idHash: string, now: Date) {
      return (await FIND(db, { model, idHash, now }))[0];
    },

    findByUid(model: string, uid: string, now: Date) {
      return db
        .selectFrom('oauth_artifacts')
        .select(['payload', 'consumed_at'])
        .where('model', '=', model)
        .where('uid', '=', uid)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
    },

    /**
     * Marks the first use only: a refresh token used again within its grace keeps the time it
     * was first spent, so repeated use cannot stretch the grace.
     */
    async consume(model: string, idHash: string, at: Date) {
      await db
        .updateTable('oauth_artifacts')
        .set({ consumed_at: at })
        .where('model', '=', model)
        .where('id_hash', '=', idHash)
        .where('consumed_at', 'is', null)
        .execute();
    },

    async destroy(model: string, idHash: string) {
      await db
        .deleteFrom('oauth_artifacts')
        .where('model', '=', model)
        .where('id_hash', '=', idHash)
        .execute();
    },

    /** Every token and code issued under a grant (the grant row itself is keyed by its id). */
    async destroyByGrant(grantId: string) {
      await db.deleteFrom('oauth_artifacts').where('grant_id', '=', grantId).execute();
    },

    /**
     * Every grant named, with each token and code issued under it: the grants' own rows are
     * keyed by the hashes of their ids, the rest carry the grant id.
     */
    async destroyGrants(grants: ReadonlyArray<{ grantId: string; idHash: string }>) {
      if (grants.length === 0) return;
      await db
        .deleteFrom('oauth_artifacts')
        .where((eb) =>
          eb.or([
            eb(
              'grant_id',
              'in',
              grants.map((g) => g.grantId),
            ),
            eb.and([
              eb('model', '=', 'Grant'),
              eb(
                'id_hash',
                'in',
                grants.map((g) => g.idHash),
              ),
            ]),
          ]),
        )
        .execute();
    },

    /** Background purge across all artifacts: rows past their expiry. */
    async purgeExpired(now: Date) {
      await db.deleteFrom('oauth_artifacts').where('expires_at', '<=', now).execute();
    },
  };
}
