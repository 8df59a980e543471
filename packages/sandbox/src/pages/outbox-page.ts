import { escapeHtml } from '@gds/contract/escape-html';
import { page } from './html.ts';

/** A kept message as the page lists it. */
export interface OutboxEntry {
  mail_from: string;
  mail_to: string;
  subject: string;
  text_body: string;
  created_at: Date;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** Text with every address in it made a link (the rest escaped). */
function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * Demo mode's outbox: every message the app sent, newest first, with its links clickable, so
 * an invitation can be followed without a mail server.
 */
export function renderOutboxPage(messages: readonly OutboxEntry[]): string {
  const items = messages
    .map(
      (m) => `<li>
<strong>${escapeHtml(m.subject)}</strong>
<div>To ${escapeHtml(m.mail_to)} · from ${escapeHtml(m.mail_from)} · <time datetime="${m.created_at.toISOString()}">${escapeHtml(m.created_at.toUTCString())}</time></div>
<pre>${linkify(m.text_body)}</pre>
</li>`,
    )
    .join('\n');
  return page(
    'Sandbox outbox',
    `<h1>Sandbox outbox</h1>
<p>Demo mode keeps every email the app sends here (as well as sending it when SMTP_URL is set). Newest first.</p>
${items ? `<ul>\n${items}\n</ul>` : '<p>No messages yet. Invite someone from the Team screen.</p>'}`,
    { wide: true },
  );
}
