import {
  CLIENT_CONNECT_RESULT_PATH,
  CLIENT_LINK_PATH_PREFIX,
  INVITATION_PATH_PREFIX,
  PROFILE_PATH,
  type Permission,
} from '@gds/contract';

/** The screens' route names; nextUrl carries one of these, never a path. */
export const ROUTE_NAMES = [
  'Login',
  'Logout',
  'Auth',
  'Team',
  'DataSources',
  'DataSourcesCallback',
  'LoginCallback',
  'Billing',
  'Feedback',
  'Stats',
  'Profile',
  'Invitation',
  'ClientConnect',
  'ClientConnectResult',
  'Admin',
  'ConnectorConsent',
  'NotFound',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface RouteMeta {
  name: RouteName;
  path: string;
  /** The page part of the document title ('{page} | {default}'). */
  title: string;
  public: boolean;
  /** Return points from another site: no top navigation there. */
  callback?: boolean;
  permissions?: readonly Permission[];
}

export const ROUTES: Record<RouteName, RouteMeta> = {
  Login: { name: 'Login', path: '/login', title: 'Log In', public: true },
  Logout: { name: 'Logout', path: '/logout', title: 'Log Out', public: true },
  Auth: { name: 'Auth', path: '/auth', title: 'Add Data Source', public: true },
  Team: { name: 'Team', path: '/team', title: 'Team', public: false },
  DataSources: { name: 'DataSources', path: '/data-sources', title: 'Data Sources', public: false },
  DataSourcesCallback: {
    name: 'DataSourcesCallback',
    path: '/data-sources/callback',
    title: 'Data Sources',
    public: true,
    callback: true,
  },
  LoginCallback: {
    name: 'LoginCallback',
    path: '/login/callback',
    title: 'Log In',
    public: true,
    callback: true,
  },
  Billing: {
    name: 'Billing',
    path: '/billing',
    title: 'Billing',
    public: false,
    permissions: ['edit_billing'],
  },
  Feedback: { name: 'Feedback', path: '/thankyou', title: 'Feedback', public: false },
  Stats: { name: 'Stats', path: '/stats', title: 'Stats', public: false },
  Profile: { name: 'Profile', path: PROFILE_PATH, title: 'Profile', public: false },
  // The invitee may not be signed in yet; the page explains what to do either way.
  Invitation: {
    name: 'Invitation',
    path: `${INVITATION_PATH_PREFIX}:token`,
    title: 'Invitation',
    public: true,
  },
  // A client without an account opens these from a link: no app around them (callback), even
  // for someone signed in, since they act for the client and not for their own team.
  ClientConnect: {
    name: 'ClientConnect',
    path: `${CLIENT_LINK_PATH_PREFIX}:token`,
    title: 'Connect your accounts',
    public: true,
    callback: true,
  },
  ClientConnectResult: {
    name: 'ClientConnectResult',
    path: CLIENT_CONNECT_RESULT_PATH,
    title: 'Connect your accounts',
    public: true,
    callback: true,
  },
  // Platform admins only; the page itself answers "not found" to everyone else.
  Admin: { name: 'Admin', path: '/admin', title: 'Admin', public: false },
  // The Looker Studio connector's consent screen; signed out, it asks to sign in first.
  ConnectorConsent: {
    name: 'ConnectorConsent',
    path: '/connector-consent',
    title: 'Authorize Looker Studio',
    public: true,
    callback: true,
  },
  NotFound: { name: 'NotFound', path: '*', title: 'Page Not Found', public: true },
};

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && (ROUTE_NAMES as readonly string[]).includes(value);
}

/**
 * The path to return to after sign-in for a nextUrl route name. Only private screens are
 * destinations; anything else (unknown names, Login, callbacks) means the Team screen.
 */
export function returnPathFor(name: string | null | undefined): string {
  if (isRouteName(name) && !ROUTES[name].public) return ROUTES[name].path;
  return ROUTES.Team.path;
}

/** The login address that remembers where the user was going. */
export function loginPathFor(name: RouteName): string {
  return `${ROUTES.Login.path}?nextUrl=${encodeURIComponent(name)}`;
}

/** The invitation page of a link token (the login callback sends a confirming invitee there). */
export function invitationPath(token: string): string {
  return `${INVITATION_PATH_PREFIX}${encodeURIComponent(token)}`;
}
