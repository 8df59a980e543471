/** The spec's admin spoofing cookies: when both are present the app starts a user switch. */
export const ADMIN_SWITCH_COOKIES = { user: 'GDS_ADMIN_USER', team: 'GDS_ADMIN_TEAM' } as const;

/**
 * How long a switch lasts. Then the switched session has ended (440, as any ended session):
 * the admin signs in again as themselves (docs/adr/0012).
 */
export const ADMIN_SWITCH_MINUTES = 60;
