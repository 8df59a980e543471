import type { ActivityAction, ActivityEntry, Person } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../db/uuid.ts';
import { toPerson } from '../team/team.mappers.ts';
import { summarize } from './activity-summary.ts';
import { createActivityRepository } from './activity.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ActivityQuery {
  actor?: string | undefined;
  action?: ActivityAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: string | undefined;
  limit: number;
}

/** A YYYY-MM-DD that names a real day, as the start of that day in UTC. */
function dayStart(value: string, field: string): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new AppError('VALIDATION_FAILED', `${field}: must be a real date as YYYY-MM-DD`, field);
  }
  return day;
}

/** Reading the team's activity log: filters, pages by id, sentences and the person filter. */
export function createActivityService(deps: { db: Db }) {
  const repo = createActivityRepository(deps.db);

  return {
    async page(teamId: string, query: ActivityQuery) {
      const from = query.from ? dayStart(query.from, 'from') : undefined;
      const to = query.to ? dayStart(query.to, 'to') : undefined;
      if (from && to && from > to) {
        throw new AppError('VALIDATION_FAILED', 'from: must be on or before to', 'from');
      }
      const before = query.before === undefined ? undefined : Number(query.before);
      const actors = (await repo.actors(teamId)).map(toPerson);
      // An actor that is not an id names nobody: no entries, not an error.
      if (query.actor !== undefined && !isUuid(query.actor)) {
        return { entries: [], nextBefore: null, actors };
      }
      const rows = await repo.page(teamId, {
        actor: query.actor,
        action: query.action,
        from,
        // The last day asked for is included whole.
        until: to ? new Date(to.getTime() + DAY_MS) : undefined,
        // Ids past what a number holds exactly are past every entry: no bound.
        before: before !== undefined && Number.isSafeInteger(before) ? before : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const entries: ActivityEntry[] = page.map((row) => ({
        id: String(row.id),
        at: row.created_at.toISOString(),
        action: row.action,
        summary: summarize(row.action, row.details),
        actor: row.actor_id ? person(row) : null,
        actingAdmin: row.admin_email ? { email: row.admin_email } : null,
        details: row.details,
      }));
      const last = page.at(-1);
      return {
        entries,
        nextBefore: rows.length > query.limit && last ? String(last.id) : null,
        actors,
      };
    },
  };
}

function person(row: {
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
}): Person {
  return toPerson({
    id: row.actor_id ?? '',
    email: row.actor_email ?? '',
    name: row.actor_name ?? '',
    first_name: row.actor_first_name ?? '',
    last_name: row.actor_last_name ?? '',
  });
}

export type ActivityService = ReturnType<typeof createActivityService>;
