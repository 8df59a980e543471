import type { Generated, Kysely } from 'kysely';
import type { AppDb } from './host/sandbox-host.ts';
import type { InboxEntry } from './pages/webhook-inbox-page.ts';

/** What the sandbox webhook receiver kept of one delivery (made by the server's migrations). */
interface SandboxWebhookInboxTable {
  id: Generated<string>;
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
  received_at: Date;
}

type InboxDb = Kysely<{ sandbox_webhook_inbox: SandboxWebhookInboxTable }>;

/** SQL for the sandbox webhook inbox (demo mode only; no team: a receiver knows none). */
export function createWebhookInboxRepository(appDb: AppDb) {
  const db = appDb as unknown as InboxDb;
  return {
    async add(entry: {
      path: string;
      headers: Record<string, string>;
      body: string;
      answered: number;
      receivedAt: Date;
    }): Promise<void> {
      await db
        .insertInto('sandbox_webhook_inbox')
        .values({
          path: entry.path,
          headers: JSON.stringify(entry.headers) as unknown as Record<string, string>,
          body: entry.body,
          answered: entry.answered,
          received_at: entry.receivedAt,
        })
        .execute();
    },

    newest(limit: number): Promise<InboxEntry[]> {
      return db
        .selectFrom('sandbox_webhook_inbox')
        .select(['path', 'headers', 'body', 'answered', 'received_at'])
        .orderBy('received_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
