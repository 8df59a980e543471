import { z } from 'zod';
import { parseEmailList, parseGtagIds } from './config-parsers.ts';
import { setting, variable } from './setting.ts';
import { ConfigError, optional, optionalText, positiveInt, wrap } from './setting-values.ts';

/**
 * The product's settings: billing, the front end's values, sessions, rate limits, mail and
 * platform admins. Each declares its variables, their schemas, how its value is made, and its
 * row in the README's Configuration table (a test holds the README to these).
 */
export const PRODUCT_SETTINGS = {
  amchartLicense: setting({
    variables: { AMCHART_LICENSE: optionalText },
    value: ({ AMCHART_LICENSE }) => AMCHART_LICENSE ?? '',
    rows: [
      {
        table: 'configuration',
        variables: ['AMCHART_LICENSE', 'CHARGEBEE_SITE'],
        default: 'empty',
        meaning: 'Public front-end values answered by `GET /api/home/config`.',
      },
    ],
  }),
  chargebeeSite: setting({
    variables: { CHARGEBEE_SITE: optionalText },
    value: ({ CHARGEBEE_SITE }) => CHARGEBEE_SITE ?? '',
    // Its row is AMCHART_LICENSE's: both are public values the front end reads.
    rows: [],
  }),
  /**
   * The real Chargebee (CHARGEBEE_API_KEY and the webhook's Basic credentials): required with
   * the sandbox off; undefined in demo mode, where the sandbox billing provider stands in.
   */
  chargebee: setting({
    variables: {
      CHARGEBEE_API_KEY: optionalText,
      CHARGEBEE_WEBHOOK_USERNAME: optionalText,
      CHARGEBEE_WEBHOOK_PASSWORD: optionalText,
    },
    // With the sandbox off, the loader has already refused a start without all of them; in
    // demo mode the sandbox billing provider makes its own, so these are ignored.
    value: (e, { sandbox }) =>
      sandbox
        ? undefined
        : {
            apiKey: e.CHARGEBEE_API_KEY ?? '',
            webhookUsername: e.CHARGEBEE_WEBHOOK_USERNAME ?? '',
            webhookPassword: e.CHARGEBEE_WEBHOOK_PASSWORD ?? '',
          },
    rows: [
      {
        table: 'configuration',
        variables: ['CHARGEBEE_API_KEY'],
        default: '–',
        meaning:
          'Chargebee API key (with `CHARGEBEE_SITE`, the site name) for subscriptions, estimates, hosted checkout and card pages, invoices and events. Required with the sandbox off (start-up names every Chargebee setting missing); in demo mode the sandbox billing provider stands in.',
      },
      {
        table: 'configuration',
        variables: ['CHARGEBEE_WEBHOOK_USERNAME', 'CHARGEBEE_WEBHOOK_PASSWORD'],
        default: '–',
        meaning:
          'The HTTP Basic credentials set on the Chargebee webhook pointing at `<PUBLIC_URL>/api/billing/webhook`. Required with the sandbox off.',
      },
    ],
    secret: ['CHARGEBEE_API_KEY', 'CHARGEBEE_WEBHOOK_USERNAME', 'CHARGEBEE_WEBHOOK_PASSWORD'],
  }),
  /** Longest wait for one billing provider call. */
  billingTimeoutMs: setting({
    variables: { CHARGEBEE_TIMEOUT_MS: positiveInt(15_000) },
    value: ({ CHARGEBEE_TIMEOUT_MS }) => CHARGEBEE_TIMEOUT_MS,
    rows: [
      {
        table: 'configuration',
        variables: ['CHARGEBEE_TIMEOUT_MS'],
        default: '`15000`',
        meaning:
          'Longest wait for one billing provider call; past it the request answers 502 with a plain message.',
      },
    ],
  }),
  /** How long a new team's trial lasts (TRIAL_DAYS). */
  trialDays: variable('TRIAL_DAYS', positiveInt(14), {
    table: 'configuration',
    default: '`14`',
    meaning:
      "How long a new team's trial lasts. After it, new connections and invitations wait for a plan (nothing connected is lost).",
  }),
  /** How often the provider's event list is read for webhooks that never arrived. */
  billingReconcileIntervalMs: setting({
    variables: { BILLING_RECONCILE_INTERVAL_SECONDS: positiveInt(300) },
    value: (e) => e.BILLING_RECONCILE_INTERVAL_SECONDS * 1000,
    rows: [
      {
        table: 'configuration',
        variables: ['BILLING_RECONCILE_INTERVAL_SECONDS'],
        default: '`300`',
        meaning:
          "How often the provider's event list is read for webhooks that never arrived (one instance at a time).",
      },
    ],
  }),
  gtagIds: setting({
    variables: { GTAG_IDS: optionalText },
    value: ({ GTAG_IDS }) => (GTAG_IDS ? wrap('GTAG_IDS', () => parseGtagIds(GTAG_IDS)) : {}),
    rows: [
      {
        table: 'configuration',
        variables: ['GTAG_IDS'],
        default: '–',
        meaning:
          '`UNIT=G-XXXX,…`: tag-manager id per unit (also allows the tag manager in the CSP).',
      },
    ],
  }),
  /** The chat vendor of units whose skin has a chat widget; undefined: the built-in launcher. */
  chatWidget: setting({
    variables: {
      CHAT_WIDGET_SCRIPT_URL: optional(
        z
          .url({ protocol: /^https?$/, error: 'must be an https:// URL' })
          .refine(isSafeScriptUrl, 'must be an https:// URL (http:// only on localhost)'),
      ),
      CHAT_WIDGET_ID: optional(
        z
          .string()
          .regex(/^[\w.:-]{1,200}$/, "must be the vendor's widget id (letters, digits, . _ : -)"),
      ),
    },
    value: ({ CHAT_WIDGET_SCRIPT_URL, CHAT_WIDGET_ID }) =>
      parseChatWidget(CHAT_WIDGET_SCRIPT_URL, CHAT_WIDGET_ID),
    rows: [
      {
        table: 'configuration',
        variables: ['CHAT_WIDGET_SCRIPT_URL'],
        default: '–',
        meaning:
          "TapClicks' chat widget: the vendor's script (`https://`; `http://` only on localhost), loaded once in the signed-in layout of units whose skin has a chat widget, and its origin allowed in the CSP for scripts, calls and frames. Unset: a launcher that opens an email to support.",
      },
      {
        table: 'configuration',
        variables: ['CHAT_WIDGET_ID'],
        default: '–',
        meaning:
          "The vendor's widget id, set on that script element as `data-widget-id`. Optional for vendors whose script address carries it; needs `CHAT_WIDGET_SCRIPT_URL`.",
      },
    ],
  }),
  sessionIdleSeconds: variable('SESSION_IDLE_SECONDS', positiveInt(7200), {
    table: 'configuration',
    default: '`7200`',
    meaning: 'A session unused this long ends (440). Sessions also end 12 h after sign-in.',
  }),
  loginCheckIntervalMs: setting({
    variables: { LOGIN_CHECK_INTERVAL_SECONDS: positiveInt(300) },
    value: (e) => e.LOGIN_CHECK_INTERVAL_SECONDS * 1000,
    rows: [
      {
        table: 'configuration',
        variables: ['LOGIN_CHECK_INTERVAL_SECONDS'],
        default: '`300`',
        meaning:
          "Answered by `/api/home/config` (`loginCheckIntervalMs`): the SPA's timed sign-in check.",
      },
    ],
  }),
  tokenCheckIntervalMs: setting({
    variables: { TOKEN_CHECK_INTERVAL_SECONDS: positiveInt(600) },
    value: (e) => e.TOKEN_CHECK_INTERVAL_SECONDS * 1000,
    rows: [
      {
        table: 'configuration',
        variables: ['TOKEN_CHECK_INTERVAL_SECONDS'],
        default: '`600`',
        meaning: "Answered as `tokenCheckIntervalMs`: the SPA's timed data-source health check.",
      },
    ],
  }),
  /** Sign-in starts and callbacks allowed per client IP per minute, across all instances. */
  rateLimitSignInPerMinute: variable('RATE_LIMIT_SIGN_IN_PER_MINUTE', positiveInt(30), {
    table: 'configuration',
    default: '`30`',
    meaning:
      'Sign-in starts and callbacks (`/api/home/login`, `/api/auth/callback`) allowed per client IP per minute, counted in the database across instances; more get 429 with `Retry-After`. The client IP honours `TRUST_PROXY`.',
  }),
  /** Invitations created or resent per team per hour. */
  rateLimitInvitationsPerHour: variable('RATE_LIMIT_INVITATIONS_PER_HOUR', positiveInt(30), {
    table: 'configuration',
    default: '`30`',
    meaning:
      'Invitations a team may create or resend per hour, counted in the database across instances; more get 429 with `Retry-After`.',
  }),
  /** Invitation pages read and invitations accepted per client IP per minute. */
  rateLimitInvitationLinksPerMinute: variable(
    'RATE_LIMIT_INVITATION_LINKS_PER_MINUTE',
    positiveInt(30),
    {
      table: 'configuration',
      default: '`30`',
      meaning:
        'Invitation pages read and invitations accepted (`/api/invitations/info`, `/api/invitations/accept`) per client IP per minute, across instances; more get 429 with `Retry-After`.',
    },
  ),
  /** Roles created, changed or deleted per team per hour. */
  rateLimitRoleChangesPerHour: variable('RATE_LIMIT_ROLE_CHANGES_PER_HOUR', positiveInt(100), {
    table: 'configuration',
    default: '`100`',
    meaning:
      'Roles a team may create, change or delete per hour, counted in the database across instances; more get 429 with `Retry-After`. A team has at most 50 roles of its own besides Super Admin and Admin (creating one more answers 409 saying so).',
  }),
  /** Client connect links created per team per hour. */
  rateLimitClientLinksPerHour: variable('RATE_LIMIT_CLIENT_LINKS_PER_HOUR', positiveInt(30), {
    table: 'configuration',
    default: '`30`',
    meaning:
      "Client connect links a team may make per hour (reconnect links asked for a login's owner included), across instances; more get 429 with `Retry-After`.",
  }),
  /** Client link pages read, connections started and results read per client IP per minute. */
  rateLimitClientLinkPagesPerMinute: variable(
    'RATE_LIMIT_CLIENT_LINK_PAGES_PER_MINUTE',
    positiveInt(30),
    {
      table: 'configuration',
      default: '`30`',
      meaning:
        'Client link pages read, client connections started and their results read (`/api/clientLinks/*`) per client IP per minute, across instances; more get 429 with `Retry-After`.',
    },
  ),
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); none: no mail. */
  smtpUrl: variable(
    'SMTP_URL',
    optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
    {
      table: 'configuration',
      default: '–',
      meaning:
        'Outgoing mail (invitations): `smtp://user:password@host:587` or `smtps://…:465`. Unset: no email is sent and the app shows the invitation link to copy; in demo mode every message is also kept at `/sandbox/outbox`. A failing mail server never loses an invitation.',
    },
    // The URL carries the password: a bad value is reported without echoing it.
    { secret: true },
  ),
  /** Sender of outgoing mail; undefined: the unit's support address under its brand name. */
  mailFrom: variable(
    'MAIL_FROM',
    optional(
      z
        .string()
        .max(320)
        .regex(
          /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
          'must be an address such as "Acme <no-reply@acme.com>" or no-reply@acme.com',
        ),
    ),
    {
      table: 'configuration',
      default: "the unit's support address",
      meaning:
        'Sender of outgoing mail, e.g. `Acme <no-reply@acme.com>`. Default: the brand name and support email of the team\'s unit (`"Megalytic" <support@megalytic.com>`).',
    },
  ),
  /** PLATFORM_ADMIN_EMAILS, lower-cased: who may use /admin and the admin user switch. */
  platformAdminEmails: setting({
    variables: { PLATFORM_ADMIN_EMAILS: optionalText },
    value: ({ PLATFORM_ADMIN_EMAILS }): readonly string[] =>
      PLATFORM_ADMIN_EMAILS
        ? wrap('PLATFORM_ADMIN_EMAILS', () => parseEmailList(PLATFORM_ADMIN_EMAILS))
        : [],
    rows: [
      {
        table: 'configuration',
        variables: ['PLATFORM_ADMIN_EMAILS'],
        default: '–',
        meaning:
          "Comma-separated emails of platform admins (any case). Signed in as themselves, they may use `/admin` to find a team of their unit and act as one of its members for up to 60 minutes (admin user switch); everything done meanwhile is in that team's audit log with both identities. Empty: nobody.",
      },
    ],
  }),
};

function isSafeScriptUrl(value: string): boolean {
  const url = new URL(value);
  return (
    url.protocol === 'https:' ||
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) ||
    url.hostname.endsWith('.localhost')
  );
}

function parseChatWidget(scriptUrl: string | undefined, widgetId: string | undefined) {
  if (scriptUrl) return { scriptUrl, widgetId: widgetId ?? '' };
  if (widgetId) {
    throw new ConfigError(
      'CHAT_WIDGET_SCRIPT_URL: required when CHAT_WIDGET_ID is set (the vendor script to load)',
    );
  }
  return undefined;
}
