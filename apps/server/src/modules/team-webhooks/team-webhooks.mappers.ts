import type { TeamWebhook, WebhookDelivery } from '@gds/contract';
import type { WebhookDeliveryRow } from '../../db/schema.ts';

export const toTeamWebhook = (row: {
  url: string;
  created_at: Date;
  secret_rotated_at: Date;
}): TeamWebhook => ({
  url: row.url,
  createdAt: row.created_at.toISOString(),
  secretRotatedAt: row.secret_rotated_at.toISOString(),
});

export const toWebhookDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  kind: row.kind,
  credentialName: row.credential_name,
  status: row.status,
  attempts: row.attempts,
  httpStatus: row.http_status,
  durationMs: row.duration_ms,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
});
