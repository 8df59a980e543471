import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEntry } from '@gds/contract';
import { csvCell } from '../../lib/csv.ts';

/** The words the Activity view shows for an action; an action this build does not know reads as itself. */
export function actionLabel(action: string): string {
  return action in ACTIVITY_ACTIONS ? ACTIVITY_ACTIONS[action as ActivityAction] : action;
}

const HEADER = ['Time (UTC)', 'Person', 'Acting admin', 'Action', 'Summary'];

function person(actor: ActivityEntry['actor']): string {
  if (!actor) return '';
  const name = actor.name.trim();
  return name && name !== actor.email ? `${name} <${actor.email}>` : actor.email;
}

/** The log as CSV: a header, then one line per entry, lines ended with CRLF. */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  const rows = entries.map((entry) => [
    entry.at,
    person(entry.actor),
    entry.actingAdmin?.email ?? '',
    actionLabel(entry.action),
    entry.summary,
  ]);
  return [HEADER, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
