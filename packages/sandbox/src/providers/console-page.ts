import { CONNECTORS, findConnectorByName } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import { page } from '../pages/html.ts';
import type { SandboxLogin } from './sandbox-control.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The sandbox "provider console": the logins the sandbox providers have issued tokens to,
 * each with "Revoke access", so a person (or the e2e test) can see Reconnect for real; and
 * the refresh-token lifetime per provider, so the demo shows an expiry forecast and its
 * warnings within days instead of months.
 */
export function renderConsolePage(input: {
  logins: SandboxLogin[];
  lifetimes: Array<{ connector: string; seconds: number }>;
  action: string;
  lifetimeAction: string;
  notice?: string;
}) {
  const nameOf = (connector: string) => findConnectorByName(connector)?.name ?? connector;
  const rows = input.logins
    .map((l) => {
      return `<li><strong>${escapeHtml(nameOf(l.connector))}</strong>: ${escapeHtml(l.login)}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="connector" value="${escapeHtml(l.connector)}">
<input type="hidden" name="login" value="${escapeHtml(l.login)}">
<button type="submit">Revoke access</button>
</form></li>`;
    })
    .join('\n');
  const lifetimes = input.lifetimes
    .map(
      (l) =>
        `<li><strong>${escapeHtml(nameOf(l.connector))}</strong>: refresh tokens last ${escapeHtml(String(l.seconds / DAY_SECONDS))} days</li>`,
    )
    .join('\n');
  const options = CONNECTORS.filter((c) => c.auth === 'oauth2')
    .map((c) => `<option value="${escapeHtml(c.nameSimple)}">${escapeHtml(c.name)}</option>`)
    .join('');
  const notice = input.notice ? `<p role="status">${escapeHtml(input.notice)}</p>` : '';
  return page(
    'Sandbox provider console',
    `<h1>Sandbox provider console</h1>
${notice}
<h2>Logins</h2>
<p>Logins the demo providers have given access to. Revoking one makes its next token refresh fail, as at a real provider: the app then asks to reconnect it, and tells the team webhook (see the <a href="/sandbox/webhook-inbox">webhook inbox</a>).</p>
${rows ? `<ul>\n${rows}\n</ul>` : '<p>No sandbox logins yet. Connect a data source first.</p>'}
<h2>Refresh token lifetime</h2>
<p>How long a provider's refresh tokens last after someone connects (as LinkedIn's last a year). Token answers say it in refresh_token_expires_in, so the app forecasts when the login expires and warns before. Applies to logins connected or reconnected from now on; leave the days empty for tokens that never lapse.</p>
${lifetimes ? `<ul>\n${lifetimes}\n</ul>` : '<p>Every provider&#39;s refresh tokens last until revoked.</p>'}
<form method="post" action="${escapeHtml(input.lifetimeAction)}">
<label>Provider <select name="connector">${options}</select></label>
<label>Days <input name="days" type="number" min="0.01" step="0.01" inputmode="decimal"></label>
<button type="submit">Set lifetime</button>
</form>`,
  );
}
