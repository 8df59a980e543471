import { findConnectorByName } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import { page } from '../pages/html.ts';
import type { SandboxLogin } from './sandbox-control.ts';

/**
 * The sandbox "provider console": the logins the sandbox providers have issued tokens to,
 * each with "Revoke access", so a person (or the e2e test) can see Reconnect for real.
 */
export function renderConsolePage(input: {
  logins: SandboxLogin[];
  action: string;
  notice?: string;
}) {
  const rows = input.logins
    .map((l) => {
      const name = findConnectorByName(l.connector)?.name ?? l.connector;
      return `<li><strong>${escapeHtml(name)}</strong>: ${escapeHtml(l.login)}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="connector" value="${escapeHtml(l.connector)}">
<input type="hidden" name="login" value="${escapeHtml(l.login)}">
<button type="submit">Revoke access</button>
</form></li>`;
    })
    .join('\n');
  const notice = input.notice ? `<p role="status">${escapeHtml(input.notice)}</p>` : '';
  return page(
    'Sandbox provider console',
    `<h1>Sandbox provider console</h1>
<p>Logins the demo providers have given access to. Revoking one makes its next token refresh fail, as at a real provider: the app then asks to reconnect it, and tells the team webhook (see the <a href="/sandbox/webhook-inbox">webhook inbox</a>).</p>
${notice}
${rows ? `<ul>\n${rows}\n</ul>` : '<p>No sandbox logins yet. Connect a data source first.</p>'}`,
  );
}
