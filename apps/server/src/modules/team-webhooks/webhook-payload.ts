import { randomUUID } from 'node:crypto';
import { findConnector } from '@gds/contract';

/** What a delivery tells of one credential event: the JSON a receiver reads. */
export interface WebhookEventInput {
  eventId: string;
  kind: string;
  occurredAt: Date;
  team: { id: string; name: string };
  credential: { id: string; name: string; connectorId: number };
  accounts: ReadonlyArray<{ id: string; externalId: string; name: string }>;
  details: Record<string, unknown>;
}

/**
 * The body of a delivery. Field names are the receiver's contract: a new field may be added,
 * none renamed or removed. `reason` is the credential's own explanation where it has one.
 */
export function webhookBody(event: WebhookEventInput): string {
  const connector = findConnector(event.credential.connectorId);
  const reason = event.details.statusReason;
  return JSON.stringify({
    id: event.eventId,
    type: `credential.${event.kind}`,
    occurredAt: event.occurredAt.toISOString(),
    team: event.team,
    credential: { id: event.credential.id, name: event.credential.name },
    connector: {
      id: event.credential.connectorId,
      name: connector?.name ?? 'Unknown data source',
    },
    accounts: event.accounts,
    ...(typeof reason === 'string' ? { reason } : {}),
  });
}

/** The body of "Send test event": the same shape, marked as a test, about no real credential. */
export function testWebhookBody(team: { id: string; name: string }, at: Date): string {
  return JSON.stringify({
    id: randomUUID(),
    type: 'test',
    occurredAt: at.toISOString(),
    team,
    credential: null,
    connector: null,
    accounts: [],
  });
}
