import type { BusinessUnit } from '@gds/contract';
import type { Db } from '../../db/database.ts';

/** SQL for demo mode's outbox: every message sent, newest first. */
export function createOutboxRepository(db: Db) {
  return {
    async insert(message: {
      unit: BusinessUnit;
      from: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('mail_outbox')
        .values({
          business_unit: message.unit,
          mail_from: message.from,
          mail_to: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          created_at: message.at,
        })
        .execute();
    },

    newest(limit: number) {
      return db
        .selectFrom('mail_outbox')
        .select(['id', 'mail_from', 'mail_to', 'subject', 'text_body', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async purge(before: Date): Promise<void> {
      await db.deleteFrom('mail_outbox').where('created_at', '<', before).execute();
    },
  };
}

export type OutboxMessage = Awaited<
  ReturnType<ReturnType<typeof createOutboxRepository>['newest']>
>[number];
