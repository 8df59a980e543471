/**
 * The web app's own addresses that the server links or redirects to. Kept apart from the
 * endpoint schemas, so the web app's first page can know them without zod.
 */

/** The SPA page the identity provider sends the browser back to after sign-in. */
export const LOGIN_CALLBACK_PATH = '/login/callback';

/** The Data Sources screen, where a login is reconnected (linked from warning emails). */
export const DATA_SOURCES_PATH = '/data-sources';

/** The member's own profile: their mail choices (linked from the emails they can turn off). */
export const PROFILE_PATH = '/profile';

/**
 * The SPA page the server sends the browser to when an OAuth connection ends. Its only query
 * is `id`, an opaque result id; the page shows what getConnectionResult answers for it.
 */
export const DATA_SOURCES_CALLBACK_PATH = '/data-sources/callback';

/** The public page a client connect link opens: `/connect/<token>`. */
export const CLIENT_LINK_PATH_PREFIX = '/connect/';
/** Where the client's browser lands after the provider's consent: `/connect/done?id=…`. */
export const CLIENT_CONNECT_RESULT_PATH = '/connect/done';

/** The SPA page an invitation email links to: `/invite/<token>`. */
export const INVITATION_PATH_PREFIX = '/invite/';
