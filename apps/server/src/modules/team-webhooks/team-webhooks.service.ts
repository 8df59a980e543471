import { WEBHOOK_MAX_ATTEMPTS } from '@gds/contract';
import type { Db } from '../../db/database.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { SessionUser } from '../../http/request-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toTeamWebhook, toWebhookDelivery } from './team-webhooks.mappers.ts';
import { createTeamWebhooksRepository } from './team-webhooks.repository.ts';
import type { WebhookAddressRules } from './webhook-address.ts';
import { checkWebhookUrl } from './webhook-address.ts';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.ts';
import { testWebhookBody } from './webhook-payload.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { sealWebhookSecret } from './webhook-secret.ts';

/** How many deliveries the delivery log shows (the newest). */
const LOG_SIZE = 50;

/** A team's webhook for credential events: set, rotate its secret, remove, test, read the log. */
export function createTeamWebhooksService(deps: {
  db: Db;
  clock: Clock;
  cipher: TokenCipher;
  rules: WebhookAddressRules;
  /** Starts the delivery loop now (a test event is sent at once, not at the next tick). */
  kick: () => void;
}) {
  const webhookNotFound = () => notFound('The team webhook');

  return {
    /** The team's webhook (null when none) and its latest deliveries. */
    async get(user: SessionUser) {
      const hook = await createTeamWebhooksRepository(deps.db).find(user.teamId);
      const deliveries = await createWebhookDeliveriesRepository(deps.db).listRecent(
        user.teamId,
        LOG_SIZE,
      );
      return {
        webhook: hook ? toTeamWebhook(hook) : null,
        deliveries: deliveries.map(toWebhookDelivery),
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      };
    },

    /**
     * Sets the webhook's address. A new webhook gets a secret, answered this once; a changed
     * address keeps the secret the receiver already checks with.
     */
    async save(user: SessionUser, text: string) {
      const url = checkWebhookUrl(text, deps.rules).toString();
      return deps.db.transaction().execute(async (tx) => {
        const repo = createTeamWebhooksRepository(tx);
        const existing = await repo.find(user.teamId, true);
        const now = deps.clock();
        const secret = existing ? null : newWebhookSecret();
        const sealed = secret
          ? sealWebhookSecret(deps.cipher, user.teamId, secret)
          : { secretEnc: existing?.secret_enc ?? '', keyVersion: existing?.key_version ?? '' };
        const createdAt = existing?.created_at ?? now;
        const secretRotatedAt = existing?.secret_rotated_at ?? now;
        await repo.save(user.teamId, { url, ...sealed, createdAt, secretRotatedAt });
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'team_webhook.save',
          details: { url, ...(existing && existing.url !== url ? { from: existing.url } : {}) },
        });
        return {
          webhook: toTeamWebhook({
            url,
            created_at: createdAt,
            secret_rotated_at: secretRotatedAt,
          }),
          secret,
        };
      });
    },

    /** A new signing secret, answered this once; deliveries from now on are signed with it. */
    async rotateSecret(user: SessionUser) {
      return deps.db.transaction().execute(async (tx) => {
        const repo = createTeamWebhooksRepository(tx);
        const existing = await repo.find(user.teamId, true);
        if (!existing) throw webhookNotFound();
        const now = deps.clock();
        const secret = newWebhookSecret();
        await repo.save(user.teamId, {
          url: existing.url,
          ...sealWebhookSecret(deps.cipher, user.teamId, secret),
          createdAt: existing.created_at,
          secretRotatedAt: now,
        });
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'team_webhook.rotate_secret',
          details: { url: existing.url },
        });
        return {
          webhook: toTeamWebhook({ ...existing, secret_rotated_at: now }),
          secret,
        };
      });
    },

    /** Removes the webhook and the deliveries it had not made yet; the log of past ones stays. */
    async remove(user: SessionUser) {
      await deps.db.transaction().execute(async (tx) => {
        const repo = createTeamWebhooksRepository(tx);
        const existing = await repo.find(user.teamId, true);
        if (!existing || !(await repo.remove(user.teamId))) throw webhookNotFound();
        await createWebhookDeliveriesRepository(tx).dropPending(user.teamId);
        await recordAudit(tx, {
          teamId: user.teamId,
          actorUserId: user.id,
          action: 'team_webhook.delete',
          details: { url: existing.url },
        });
      });
      return { success: true as const };
    },

    /** Queues a test event, sent at once by the delivery loop. */
    async sendTest(user: SessionUser) {
      const hook = await createTeamWebhooksRepository(deps.db).find(user.teamId);
      if (!hook) throw webhookNotFound();
      const now = deps.clock();
      const added = await createWebhookDeliveriesRepository(deps.db).add({
        teamId: user.teamId,
        eventId: null,
        kind: 'test',
        credentialName: null,
        body: testWebhookBody({ id: user.teamId, name: user.team.name }, now),
        at: now,
      });
      if (!added) throw new Error('A test delivery without an event was not added');
      deps.kick();
      return { delivery: toWebhookDelivery(added) };
    },
  };
}

export type TeamWebhooksService = ReturnType<typeof createTeamWebhooksService>;
