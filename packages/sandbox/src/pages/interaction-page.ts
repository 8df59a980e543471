import { escapeHtml } from '@gds/contract/escape-html';
import { page } from './html.ts';

export interface SignInFormValues {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The sandbox's sign-in page: whoever types an email is signed in as that person. It stands
 * in for Google's account chooser in demo mode, so it says plainly that it is a sandbox.
 */
export function renderSignInPage(input: {
  action: string;
  values?: Partial<SignInFormValues>;
  error?: string;
}): string {
  const v = input.values ?? {};
  const error = input.error
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(input.error)}</p>`
    : '';
  return page(
    'Sandbox sign-in',
    `<h1>Sandbox sign-in</h1>
<p>This is the demo identity provider. Enter any email address to sign in as that person; no password is needed.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(v.email ?? '')}"${input.error ? ' aria-describedby="form-error" aria-invalid="true"' : ''}>
<label for="firstName">First name</label>
<input id="firstName" name="firstName" type="text" autocomplete="given-name" value="${escapeHtml(v.firstName ?? '')}">
<label for="lastName">Last name</label>
<input id="lastName" name="lastName" type="text" autocomplete="family-name" value="${escapeHtml(v.lastName ?? '')}">
<button type="submit">Continue</button>
</form>`,
  );
}

/** Shown when the sign-in attempt cannot continue (expired, already used, bad request). */
export function renderSandboxError(message: string, detail?: string): string {
  return page(
    'Sandbox sign-in',
    `<h1>Sandbox sign-in</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
${detail ? `<p>${escapeHtml(detail)}</p>` : ''}
<p>Go back to the app and sign in again.</p>`,
  );
}
