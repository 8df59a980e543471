import type { ConnectorDefinition } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';
import { page } from '../pages/html.ts';

/** The hidden parameters a consent form carries back to the sandbox. */
export interface ConsentRequest {
  redirect_uri: string;
  state: string;
  code_challenge: string;
  scope: string;
}

/**
 * The sandbox provider's consent page (stands in for "Sign in with Google / Facebook / …" in
 * demo mode): names the connector, lets the person type the login identity or pick one that
 * signed in here before (as a provider's account chooser does: a client asked to reconnect
 * picks the same login, or another one to see the app refuse it), choose accounts (all
 * checked) and Allow or Deny. No script, inline style only (CSP as the sign-in page).
 */
export function renderConsentPage(input: {
  connector: Pick<ConnectorDefinition, 'name'>;
  action: string;
  request: ConsentRequest;
  login: string;
  /** Logins this provider has signed in before, offered to pick. */
  knownLogins: readonly string[];
  accounts: ReadonlyArray<{ index: number; name: string }>;
}): string {
  const { connector, request } = input;
  const hidden = (Object.keys(request) as Array<keyof ConsentRequest>)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request[name])}">`)
    .join('\n');
  const accounts = input.accounts
    .map(
      (a) =>
        `<label class="check"><input type="checkbox" name="account_${a.index}" checked> ${escapeHtml(a.name)}</label>`,
    )
    .join('\n');
  const known = input.knownLogins
    .map((login) => `<option value="${escapeHtml(login)}"></option>`)
    .join('');
  const chooser = input.knownLogins.length
    ? `<datalist id="known-logins">${known}</datalist>
<p>Signed in here before: ${input.knownLogins.map((l) => `<code>${escapeHtml(l)}</code>`).join(', ')}. To reconnect a login, sign in as that same one.</p>`
    : '';
  const scopes = request.scope
    ? `<p>Requested access: <code>${escapeHtml(request.scope)}</code></p>`
    : '';
  return page(
    `${connector.name} (sandbox)`,
    `<h1>${escapeHtml(connector.name)} (sandbox)</h1>
<p>This is the demo stand-in for ${escapeHtml(connector.name)}. The GDS app asks for read-only access to the accounts you choose.</p>
${scopes}
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<label for="login">Sign in to ${escapeHtml(connector.name)} as</label>
<input id="login" name="login" type="text" autocomplete="username" required maxlength="254" value="${escapeHtml(input.login)}"${input.knownLogins.length ? ' list="known-logins"' : ''}>
${chooser}
<fieldset>
<legend>Accounts to share</legend>
${accounts}
</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}
