import { escapeHtml } from '@gds/contract/escape-html';
import { page } from './html.ts';

/** One delivery the sandbox webhook receiver kept, as the inbox page lists it. */
export interface InboxEntry {
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
  received_at: Date;
}

/**
 * Demo mode's webhook receiver: every delivery it got, newest first. With the signing secret
 * the team was shown typed in, each delivery says whether its signature verifies.
 */
export function renderWebhookInboxPage(input: {
  entries: ReadonlyArray<InboxEntry & { verdict?: string }>;
  action: string;
  receiveUrl: string;
  failingUrl: string;
}): string {
  const items = input.entries
    .map(
      (e) => `<li>
<strong>${escapeHtml(e.path)}</strong> · answered ${e.answered} · <time datetime="${e.received_at.toISOString()}">${escapeHtml(e.received_at.toUTCString())}</time>${e.verdict ? ` · <strong>Signature: ${escapeHtml(e.verdict)}</strong>` : ''}
<div><code>${escapeHtml(
        Object.entries(e.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      )}</code></div>
<pre>${escapeHtml(e.body)}</pre>
</li>`,
    )
    .join('\n');
  return page(
    'Sandbox webhook inbox',
    `<h1>Sandbox webhook inbox</h1>
<p>Demo mode receives team webhooks here. On the Team screen, set the webhook to <code>${escapeHtml(input.receiveUrl)}</code> (answers 200), or to <code>${escapeHtml(input.failingUrl)}</code> (answers 503, to watch retries). Newest first.</p>
<form method="post" action="${escapeHtml(input.action)}">
<label for="secret">Signing secret (to check signatures)</label>
<input id="secret" name="secret" type="password" autocomplete="off">
<button type="submit">Check signatures</button>
</form>
${items ? `<ul>\n${items}\n</ul>` : '<p>No deliveries yet. Send a test event from the Team screen.</p>'}`,
    { wide: true },
  );
}
