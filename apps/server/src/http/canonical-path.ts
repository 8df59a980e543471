/**
 * Every address has one spelling. The router decodes escapes before it matches, so
 * "/%61pi/team/info" reaches the same handler as "/api/team/info", and proxies may resolve
 * "/x/../api" or "//api" the same way: any rule that read the address as text would see
 * another path than the one served. A request target that is not written the one canonical
 * way is refused before any route runs, so whatever still reads a path reads the route's own.
 */

/** Letters, digits and -._~ mean the same escaped or not; an escape of them is a disguise. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * True for an origin-form target ("/path?query") whose path has no empty or dot segment
 * (a trailing slash excepted), no backslash, no fragment, no malformed escape, and no escape
 * of an unreserved character, a slash or a backslash.
 */
export function isCanonicalTarget(target: string): boolean {
  if (!target.startsWith('/') || target.includes('#')) return false;
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (path.includes('\\')) return false;
  const segments = path.slice(1).split('/');
  const last = segments.length - 1;
  if (segments.some((s, i) => (s === '' && i < last) || s === '.' || s === '..')) return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const pair = path.slice(i + 1, i + 3);
    if (!HEX_PAIR.test(pair)) return false;
    const char = String.fromCharCode(Number.parseInt(pair, 16));
    if (UNRESERVED.test(char) || char === '/' || char === '\\') return false;
  }
  return true;
}

/** Whether a path (a route's declared one, or a canonical target) is under /api, in any case. */
export function isApiPath(path: string): boolean {
  const first = path.split(/[/?]/, 2)[1] ?? '';
  return first.toLowerCase() === 'api';
}
