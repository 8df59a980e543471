import { ADMIN_SWITCH_COOKIES } from '@gds/contract';

/** Long enough to survive the navigation that consumes them, never a lasting leftover. */
const MAX_AGE_SECONDS = 300;

export interface SwitchTarget {
  user: string;
  teamId: string;
}

const EXPIRED = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';

/** A cookie's value; an empty one is a removed cookie and counts as absent. */
function readCookie(name: string): string | null {
  const match = document.cookie.split(/;\s*/).find((part) => part.startsWith(`${name}=`));
  const raw = match?.slice(name.length + 1) ?? '';
  if (raw === '') return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function removeCookie(name: string): void {
  // Set by this app at Path=/; by another tool perhaps at the page's own path: clear both.
  document.cookie = `${name}=; Path=/; ${EXPIRED}`;
  document.cookie = `${name}=; ${EXPIRED}`;
}

/** "Open as": the spec's switch cookies, which the next navigation turns into a switch. */
export function setAdminSwitchCookies({ user, teamId }: SwitchTarget): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const [name, value] of [
    [ADMIN_SWITCH_COOKIES.user, user],
    [ADMIN_SWITCH_COOKIES.team, teamId],
  ] as const) {
    document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
  }
}

/**
 * When both switch cookies are present: removes them and answers whom to switch to, so a
 * switch is asked for once per pair. One cookie alone is left as it is and means nothing.
 */
export function takeAdminSwitchCookies(): SwitchTarget | null {
  const user = readCookie(ADMIN_SWITCH_COOKIES.user);
  const teamId = readCookie(ADMIN_SWITCH_COOKIES.team);
  if (user === null || teamId === null) return null;
  removeCookie(ADMIN_SWITCH_COOKIES.user);
  removeCookie(ADMIN_SWITCH_COOKIES.team);
  return { user, teamId };
}
