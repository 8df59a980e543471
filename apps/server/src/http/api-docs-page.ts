import { escapeHtml } from '@gds/contract/escape-html';
import type { OpenApiDocument } from './openapi.ts';

interface Operation {
  operationId: string;
  tags: string[];
  description: string;
  parameters: Array<{
    $ref?: string;
    name?: string;
    in?: string;
    required?: boolean;
    schema?: unknown;
  }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
header,main{max-width:980px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #d9dee4}
h1{font-size:24px;margin:8px 0}h2{font-size:19px;margin:28px 0 8px;text-transform:capitalize}
nav a{margin-right:12px}
section.op{background:#fff;border:1px solid #d9dee4;border-radius:6px;margin:10px 0;padding:10px 14px}
.method{display:inline-block;min-width:56px;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#0b6e4f}.POST{color:#1d4ed8}.PUT{color:#92400e}.DELETE{color:#b91c1c}
code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f1f3f5;padding:8px;overflow:auto;border-radius:4px}
table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #d9dee4;padding:3px 8px;text-align:left}
summary{cursor:pointer}
`;

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(method: string, path: string, op: Operation): string {
  const parameters = op.parameters.filter((p) => p.name);
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name ?? '')}</code></td><td>${escapeHtml(p.in ?? '')}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  const body = op.requestBody
    ? `<details><summary>Form body</summary>${json(Object.values(op.requestBody.content)[0]?.schema)}</details>`
    : '';
  const ok = op.responses['200']?.content?.['application/json']?.schema;
  const errors = Object.entries(op.responses)
    .filter(([status]) => status !== '200')
    .map(([status, answer]) => `<code>${status}</code> ${escapeHtml(answer.description)}`)
    .join('; ');
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<div><span class="method ${method}">${method}</span> <code>${escapeHtml(path)}</code> — <strong>${escapeHtml(op.operationId)}</strong></div>
<p>${escapeHtml(op.description)}</p>
${rows ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${rows}</table>` : ''}
${body}
<details><summary>Answer (200)</summary>${json(ok)}</details>
<p>Errors: ${errors || 'none'}</p>
</section>`;
}

/**
 * The reference page at /api/docs: every operation of the OpenAPI document, grouped by tag,
 * rendered on the server with no script (the app's Content-Security-Policy allows none
 * inline) and nothing loaded from elsewhere.
 */
export function renderApiDocsPage(document: OpenApiDocument, openApiPath: string): string {
  const groups = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const tag = op.tags[0] ?? 'other';
      groups.set(tag, [
        ...(groups.get(tag) ?? []),
        renderOperation(method.toUpperCase(), path, op),
      ]);
    }
  }
  const tags = [...groups.keys()];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="${escapeHtml(openApiPath)}">${escapeHtml(openApiPath)}</a> (OpenAPI ${document.openapi}).</p>
<nav>${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join('')}</nav></header>
<main>${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${(groups.get(tag) ?? []).join('\n')}`).join('\n')}</main>
</body></html>`;
}
