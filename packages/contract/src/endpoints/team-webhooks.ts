import { z } from 'zod';
import { defineEndpoint, privateAccess } from '../endpoint.ts';
import { singleLineText } from '../text-schema.ts';

/** Header carrying the delivery's signature: `v1=` and the hex HMAC-SHA256 of `timestamp.body`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-gds-signature';
/** Header carrying the delivery's time in Unix seconds, signed with the body. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-gds-timestamp';
/** A receiver refuses a delivery signed longer ago than this (a replayed one). */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 300;
/** Attempts after which a delivery is given up (failed). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const teamWebhookSchema = z.object({
  url: z.string(),
  createdAt: z.string(),
  secretRotatedAt: z.string(),
});
export type TeamWebhook = z.infer<typeof teamWebhookSchema>;

/** One event's delivery, as the delivery log shows its last attempt. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The credential event's kind, or 'test' for "Send test event". */
  kind: z.string(),
  credentialName: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, for a person (refused address, timeout, the code answered). */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When it is tried again; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const webhookUrlSchema = singleLineText('Webhook address')
  .trim()
  .min(1, 'Webhook address is required')
  .max(2000, 'Webhook address must be 2000 characters or fewer');

/** The team's webhook (null when none) and its latest deliveries, newest first. */
export const getTeamWebhook = defineEndpoint({
  name: 'getTeamWebhook',
  method: 'GET',
  path: '/api/team/webhook',
  access: privateAccess('edit_team'),
  response: z.object({
    webhook: teamWebhookSchema.nullable(),
    deliveries: z.array(webhookDeliverySchema),
    maxAttempts: z.number().int(),
  }),
  errors: [],
});

/**
 * Registers the team's webhook address, or changes it. A new webhook gets a signing secret,
 * answered this once (only its sealed form is stored); changing the address keeps the secret
 * (`secret` null). Refused: an address that is not HTTPS, or reaches a private network.
 */
export const saveTeamWebhook = defineEndpoint({
  name: 'saveTeamWebhook',
  method: 'PUT',
  path: '/api/team/webhook',
  access: privateAccess('edit_team'),
  body: z.object({ url: webhookUrlSchema }),
  response: z.object({ webhook: teamWebhookSchema, secret: z.string().nullable() }),
  errors: ['VALIDATION_FAILED'],
});

/** Replaces the signing secret; the new one is answered this once and signs every delivery from now. */
export const rotateTeamWebhookSecret = defineEndpoint({
  name: 'rotateTeamWebhookSecret',
  method: 'POST',
  path: '/api/team/webhook/secret',
  access: privateAccess('edit_team'),
  response: z.object({ webhook: teamWebhookSchema, secret: z.string() }),
  errors: ['NOT_FOUND'],
});

/** Removes the team's webhook; deliveries not yet made are dropped with it. */
export const deleteTeamWebhook = defineEndpoint({
  name: 'deleteTeamWebhook',
  method: 'DELETE',
  path: '/api/team/webhook',
  access: privateAccess('edit_team'),
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND'],
});

/** Queues a test event to the webhook, sent at once like any delivery; it shows in the log. */
export const sendTeamWebhookTest = defineEndpoint({
  name: 'sendTeamWebhookTest',
  method: 'POST',
  path: '/api/team/webhook/test',
  access: privateAccess('edit_team'),
  response: z.object({ delivery: webhookDeliverySchema }),
  errors: ['NOT_FOUND'],
});
