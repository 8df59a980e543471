import { escapeHtml } from '@gds/contract/escape-html';

/**
 * A plain page for what the authorization server says outside the app (a broken or expired
 * authorization request): what happened and what to do. No script, no outside resources.
 */
export function renderOauthPage(title: string, message: string, next: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${escapeHtml(next)}</p>
</main>
</body>
</html>`;
}
