import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityEntry } from '@gds/contract';

/** The words the Activity view shows for an action; an action this build does not know reads as itself. */
export function actionLabel(action: string): string {
  return action in ACTIVITY_ACTIONS ? ACTIVITY_ACTIONS[action as ActivityAction] : action;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return that hides
 * one) as a formula, so such a cell gets a leading apostrophe: shown as text, never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
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
