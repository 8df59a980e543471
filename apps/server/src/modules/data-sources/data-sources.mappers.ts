import type { Account, ResponseOf, dataSources } from '@gds/contract';
import { jsonText } from '../../http/json-text.ts';
import type { JsonText } from '../../http/json-text.ts';

/**
 * The Data Sources answers around the JSON PostgreSQL writes (data-sources-json.repository):
 * only punctuation and whole numbers are added here, which JSON writes as JavaScript prints them.
 */

type GroupedData = ResponseOf<typeof dataSources.getGroupedData>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A credential as PostgreSQL wrote it, with its connector and its accounts not deleted. */
export interface CredentialJson {
  connector_id: number;
  active: number;
  json: string;
}

/**
 * The screen's answer: the credentials (in screen order) grouped by connector, with the usage
 * and retention around them.
 */
export function toGroupedData(
  credentials: readonly CredentialJson[],
  accountLimit: number,
  retentionDays: number,
): JsonText<GroupedData> {
  const parts: string[] = [];
  let connectorId: number | undefined;
  let accountsUsed = 0;
  for (const credential of credentials) {
    accountsUsed += credential.active;
    if (credential.connector_id === connectorId) parts.push(',');
    else {
      if (connectorId !== undefined) parts.push(']},');
      connectorId = credential.connector_id;
      parts.push(`{"connectorId":${wholeNumber(connectorId)},"credentials":[`);
    }
    parts.push(credential.json);
  }
  if (connectorId !== undefined) parts.push(']}');
  const usage = `{"accountsUsed":${wholeNumber(accountsUsed)},"accountLimit":${wholeNumber(accountLimit)}}`;
  const rest = `],"usage":${usage},"retentionDays":${wholeNumber(retentionDays)}}`;
  return jsonText(['{"groups":[', ...parts, rest]);
}

/** The answer to a delete or restore: the account as the screen now shows it. */
export const toAccountAnswer = (accountJson: string): JsonText<{ account: Account }> =>
  jsonText(`{"account":${accountJson}}`);

export const retentionCutoff = (now: Date, retentionDays: number) =>
  new Date(now.getTime() - retentionDays * DAY_MS);

function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`${n} is not a whole number`);
  return n;
}
