const PARAMS = ['partnerKey', 'ref'] as const;
const COOKIE = /(?:^|;\s*)(?:partnerKey|gds_ref)=([^;]*)/;

/**
 * The referral partner key sent with sign-in (partnerKey in its body): from the address (?ref= or
 * ?partnerKey=) or a referral cookie set by the marketing site.
 */
export function readPartnerKey(search: string, cookie: string = document.cookie): string | null {
  const params = new URLSearchParams(search);
  for (const name of PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value.slice(0, 100);
  }
  const match = COOKIE.exec(cookie);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).trim().slice(0, 100) || null;
  } catch {
    return null;
  }
}
