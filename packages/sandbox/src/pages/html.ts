import { escapeHtml } from '@gds/contract/escape-html';

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:48px 16px;color:#1d2433}
main{max-width:380px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 8px}p{margin:0 0 20px;color:#4a5468}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #9aa3b5;border-radius:4px;font-size:1rem}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:4px;background:#1d4ed8;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#b91c1c;font-weight:600}
fieldset{border:1px solid #d5d9e2;border-radius:4px;margin:16px 0 0;padding:8px 12px}
label.check{font-weight:400;margin:8px 0}label.check input{width:auto;margin-right:6px}
button.secondary{margin-top:8px;background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
ul{padding-left:20px}li{margin-bottom:16px}code{font-size:.85rem;word-break:break-all}
main.wide{max-width:760px}pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:8px 0 0}`;

/**
 * A small self-contained page (inline style only, no script: CSP script-src 'self' holds).
 * `wide` suits pages listing long text, such as the outbox.
 */
export function page(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main${options.wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>`;
}
