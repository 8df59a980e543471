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
        user: personOf(row.u),
        actingAdmin: personOf(row.adm),
      };
    },
  };
}

/** A person as the function writes it: the row's columns by name, timestamps as ISO text. */
type PersonJson = Omit<SessionUserRow, 'team'> & {
  team_business_unit: TeamRow['business_unit'];
  team_name: string;
  team_plan_id: string;
  team_user_limit: number;
  team_account_limit: number;
  team_addons: string[];
  team_referral_partner_key: string | null;
  team_created_at: string;
  team_plan_status: TeamRow['plan_status'];
  team_trial_ends_at: string | null;
};

function personOf(value: unknown): SessionUserRow | null {
  if (value === null || typeof value !== 'object') return null;
  const p = value as PersonJson;
  return {
    id: p.id,
    email: p.email,
    first_name: p.first_name,
    last_name: p.last_name,
    name: p.name,
    image: p.image,
    team_id: p.team_id,
    role_id: p.role_id,
    role_name: p.role_name,
    built_in: p.built_in,
    permissions: p.permissions,
    team: {
      id: p.team_id,
      business_unit: p.team_business_unit,
      name: p.team_name,
      plan_id: p.team_plan_id,
      user_limit: p.team_user_limit,
      account_limit: p.team_account_limit,
      addons: p.team_addons,
      referral_partner_key: p.team_referral_partner_key,
      created_at: new Date(p.team_created_at),
      plan_status: p.team_plan_status,
      trial_ends_at: p.team_trial_ends_at === null ? null : new Date(p.team_trial_ends_at),
    },
  };
}
