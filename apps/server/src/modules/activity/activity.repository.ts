import type { ActivityAction } from '@gds/contract';
import type { Db } from '../../db/database.ts';

export interface ActivityFilter {
  actor?: string | undefined;
  action?: ActivityAction | undefined;
  /** Entries at or after. */
  from?: Date | undefined;
  /** Entries before (the day after the last day asked for). */
  until?: Date | undefined;
  /** Entries with a smaller id (the next page). */
  before?: number | undefined;
  limit: number;
}

/** SQL reading the team's audit log (its one writer is recordAudit). Always by team. */
export function createActivityRepository(db: Db) {
  return {
    /** Entries newest first, with who acted (and the platform admin acting as them). */
    page(teamId: string, filter: ActivityFilter) {
      let query = db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_user_id')
        .leftJoin('users as admin', 'admin.id', 'a.acting_admin_id')
        .select([
          'a.id',
          'a.created_at',
          'a.action',
          'a.details',
          'u.id as actor_id',
          'u.email as actor_email',
          'u.name as actor_name',
          'u.first_name as actor_first_name',
          'u.last_name as actor_last_name',
          'admin.email as admin_email',
        ])
        .where('a.team_id', '=', teamId);
      if (filter.actor) query = query.where('a.actor_user_id', '=', filter.actor);
      if (filter.action) query = query.where('a.action', '=', filter.action);
      if (filter.from) query = query.where('a.created_at', '>=', filter.from);
      if (filter.until) query = query.where('a.created_at', '<', filter.until);
      if (filter.before !== undefined) query = query.where('a.id', '<', filter.before);
      return query.orderBy('a.id', 'desc').limit(filter.limit).execute();
    },

    /** Everyone who acted in the team's log and still has an account, by name. */
    actors(teamId: string) {
      return db
        .selectFrom('users as u')
        .select(['u.id', 'u.email', 'u.name', 'u.first_name', 'u.last_name'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('audit_log as a')
              .select('a.id')
              .where('a.team_id', '=', teamId)
              .whereRef('a.actor_user_id', '=', 'u.id'),
          ),
        )
        .orderBy('u.email')
        .execute();
    },
  };
}
