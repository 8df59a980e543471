import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SessionRow, SessionUserRow, TeamRow } from '../../db/schema.ts';

/** A session with the user it signs in and, during an admin switch, the admin behind it. */
export interface SessionWithPeople {
  session: SessionRow;
  user: SessionUserRow | null;
  actingAdmin: SessionUserRow | null;
}

/** When the read also moves the idle timer: only a live session last seen before `seenBefore`. */
export interface TouchWindow {
  now: Date;
  seenBefore: Date;
  idleBefore: Date;
}

/** `u`: the signed-in user; `adm`: the admin acting as them. */
type Prefix = 'u' | 'adm';

/** One person's columns, prefixed so the user and the acting admin fit in one row. */
const personColumns = (p: Prefix) => `
  ${p}.id AS ${p}_id, ${p}.email AS ${p}_email, ${p}.first_name AS ${p}_first_name,
  ${p}.last_name AS ${p}_last_name, ${p}.name AS ${p}_name, ${p}.image AS ${p}_image,
  ${p}.team_id AS ${p}_team_id, ${p}.role_id AS ${p}_role_id, ${p}r.name AS ${p}_role_name,
  ${p}r.built_in AS ${p}_built_in, ${p}r.permissions AS ${p}_permissions,
  ${p}t.business_unit AS ${p}_team_business_unit, ${p}t.name AS ${p}_team_name,
  ${p}t.plan_id AS ${p}_team_plan_id, ${p}t.user_limit AS ${p}_team_user_limit,
  ${p}t.account_limit AS ${p}_team_account_limit, ${p}t.addons AS ${p}_team_addons,
  ${p}t.referral_partner_key AS ${p}_team_referral_partner_key,
  ${p}t.created_at AS ${p}_team_created_at, ${p}t.plan_status AS ${p}_team_plan_status,
  ${p}t.trial_ends_at AS ${p}_team_trial_ends_at`;

/** A user joined to their role (in the same team) and team; inner joins, so all or nothing. */
const personJoin = (p: Prefix, on: string) => `
  LEFT JOIN (users ${p}
    JOIN roles ${p}r ON ${p}r.id = ${p}.role_id AND ${p}r.team_id = ${p}.team_id
    JOIN teams ${p}t ON ${p}t.id = ${p}.team_id) ON ${p}.id = ${on}`;

/*
 * The idle timer moves in the same statement (a data-modifying WITH runs whether or not the
 * SELECT reads it), and only for a session that is still live: an ended, expired or idle one
 * is never revived. The SELECT sees the row as it was before the touch, which is what the
 * expiry checks need. One fixed text, so drivers can keep it prepared.
 */
const FIND_WITH_PEOPLE = `
WITH touched AS (
  UPDATE sessions SET last_seen_at = $2
  WHERE $3::boolean AND id_hash = $1 AND ended_at IS NULL
    AND last_seen_at <= $4 AND last_seen_at > $5 AND expires_at > $2
    AND (switch_expires_at IS NULL OR switch_expires_at > $2)
  RETURNING id_hash
)
SELECT s.id_hash, s.user_id, s.business_unit, s.created_at, s.last_seen_at, s.expires_at,
  s.ended_at, s.acting_admin_id, s.switch_expires_at,
  ${personColumns('u')},
  ${personColumns('adm')}
FROM sessions s
${personJoin('u', 's.user_id')}
${personJoin('adm', 's.acting_admin_id')}
WHERE s.id_hash = $1`;

type Row = Record<string, unknown>;

/** SQL for reading a request's session with its people in one statement. */
export function createSessionPeopleRepository(db: Db) {
  return {
    /** The session of `idHash` with its user and acting admin; touches it when `touch` is set. */
    async find(idHash: string, touch: TouchWindow | null): Promise<SessionWithPeople | undefined> {
      const now = touch?.now ?? new Date(0);
      const { rows } = await db.executeQuery<Row>(
        CompiledQuery.raw(FIND_WITH_PEOPLE, [
          idHash,
          now,
          touch !== null,
          touch?.seenBefore ?? now,
          touch?.idleBefore ?? now,
        ]),
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        session: {
          id_hash: row.id_hash as string,
          user_id: row.user_id as string | null,
          business_unit: row.business_unit as SessionRow['business_unit'],
          created_at: row.created_at as Date,
          last_seen_at: row.last_seen_at as Date,
          expires_at: row.expires_at as Date,
          ended_at: row.ended_at as Date | null,
          acting_admin_id: row.acting_admin_id as string | null,
          switch_expires_at: row.switch_expires_at as Date | null,
        },
        user: personOf(row, 'u'),
        actingAdmin: personOf(row, 'adm'),
      };
    },
  };
}

function personOf(row: Row, p: Prefix): SessionUserRow | null {
  const id = row[`${p}_id`];
  if (typeof id !== 'string') return null;
  const teamId = row[`${p}_team_id`] as string;
  const team: TeamRow = {
    id: teamId,
    business_unit: row[`${p}_team_business_unit`] as TeamRow['business_unit'],
    name: row[`${p}_team_name`] as string,
    plan_id: row[`${p}_team_plan_id`] as string,
    user_limit: row[`${p}_team_user_limit`] as number,
    account_limit: row[`${p}_team_account_limit`] as number,
    addons: row[`${p}_team_addons`] as string[],
    referral_partner_key: row[`${p}_team_referral_partner_key`] as string | null,
    created_at: row[`${p}_team_created_at`] as Date,
    plan_status: row[`${p}_team_plan_status`] as TeamRow['plan_status'],
    trial_ends_at: row[`${p}_team_trial_ends_at`] as Date | null,
  };
  return {
    id,
    email: row[`${p}_email`] as string,
    first_name: row[`${p}_first_name`] as string,
    last_name: row[`${p}_last_name`] as string,
    name: row[`${p}_name`] as string,
    image: row[`${p}_image`] as string,
    team_id: teamId,
    role_id: row[`${p}_role_id`] as string,
    role_name: row[`${p}_role_name`] as string,
    built_in: row[`${p}_built_in`] as SessionUserRow['built_in'],
    permissions: row[`${p}_permissions`],
    team,
  };
}
