/**
 * Return addresses after a connection never lead off-site to an address nobody allowed: a
 * dashboard tool's redirect address must be an absolute http(s) URL on an allow-list entry, an origin or a URL prefix. The server
 * checks it when a connection starts and stores it with that connection; the browser is only
 * ever sent to the stored address, never to one read from a page's query.
 */

/** Looker Studio's own return addresses: the default allow-list. */
export const DEFAULT_GDS_REDIRECT_ALLOWLIST = [
  'https://lookerstudio.google.com/',
  'https://datastudio.google.com/',
  'https://script.google.com/macros/',
] as const;

// Literal scheme and "//" host start: refuses "https:evil", "//evil", "/\evil", "javascript:".
const ABSOLUTE_HTTP = /^https?:\/\/[^/\\]/i;

function hasUnsafeCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/.test(char)) return true;
  }
  return false;
}

/** The allowed address, normalised, or null when it is not allowed. */
export function isAllowedReturnAddress(
  candidate: string,
  allowList: readonly string[],
): string | null {
  // No whitespace, control characters or backslashes anywhere: browsers "fix" them.
  if (!ABSOLUTE_HTTP.test(candidate) || hasUnsafeCharacter(candidate)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  for (const entry of allowList) {
    let allowed: URL;
    try {
      allowed = new URL(entry);
    } catch {
      continue;
    }
    // Dot segments are already resolved by URL, so a prefix cannot be climbed out of.
    if (url.origin === allowed.origin && url.pathname.startsWith(allowed.pathname)) {
      return url.href;
    }
  }
  return null;
}
