import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
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

/** `u`: the signed-in user; `adm`: the admin acting as them (column prefixes of the row). */
type Prefix = 'u' | 'adm';

/*
 * The session, its user joined to role and team, and the acting admin joined the same way,
 * by primary keys, with the idle timer moved in the same statement when it is due (only for a
 * live session: an ended, expired or idle one is never revived), and the row as it was before
 * the touch. The statement lives in the session_with_people function (migration 0017), whose
 * plan the database keeps per connection instead of planning the join on every request; the
 * call itself is a named prepared statement on PostgreSQL, so it is not even parsed again.
 */
const FIND_WITH_PEOPLE = preparedStatement(
  'session_with_people',
  'SELECT * FROM session_with_people($1, $2, $3, $4, $5)',
);

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
