import { SKINS, defaultTitle, formatHostUnitMap } from '@gds/contract';
import type { BusinessUnit, HostUnitMap } from '@gds/contract';
import { escapeHtml } from '@gds/contract/escape-html';

/**
 * Brands the SPA's index.html for the host's unit before it leaves the server, so the first
 * paint already shows the right title and favicon, and hands the web app the host map.
 */
export function brandIndexHtml(html: string, unit: BusinessUnit, skinHosts: HostUnitMap): string {
  const skin = SKINS[unit];
  return html
    .replace(
      /(<meta\s+name="gds-skin-hosts"\s+content=")[^"]*(")/i,
      (_m, start: string, end: string) =>
        `${start}${escapeHtml(formatHostUnitMap(skinHosts))}${end}`,
    )
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(defaultTitle(skin))}</title>`)
    .replace(/<link\b[^>]*\brel="(?:shortcut )?icon"[^>]*>/gi, (tag) =>
      tag.replace(/\bhref="[^"]*"/i, () => `href="${escapeHtml(skin.favicon)}"`),
    );
}

export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Not built yet</title></head>
<body>
<h1>The web app is not built yet: run npm run build</h1>
<p>The API is running; the browser app appears here once <code>apps/web/dist</code> exists.</p>
</body>
</html>`;
