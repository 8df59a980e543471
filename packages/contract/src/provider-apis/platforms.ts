import type { ProviderApi, OAuth2Settings, ProviderRequest } from '../provider-api-types.ts';
import { MICROSOFT_TIME_ZONES } from './microsoft-time-zones.ts';

/**
 * Google, Meta, LinkedIn and Microsoft: several connectors share one OAuth server each, so
 * their settings are built by one helper per platform.
 */

const GOOGLE_OAUTH = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  pkce: true,
  // offline + consent: Google only hands out a refresh token on a fresh consent.
  authorizeParams: { access_type: 'offline', prompt: 'consent' },
} as const;

const google = (scopes: string[], accounts: ProviderApi['accounts']): ProviderApi => ({
  oauth2: { ...GOOGLE_OAUTH, scopes: ['openid', 'email', ...scopes] },
  identity: {
    request: { url: 'https://openidconnect.googleapis.com/v1/userinfo' },
    idField: 'sub',
    nameField: 'email',
  },
  accounts,
});

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v19.0';
const facebook = (scopes: string[], accounts: ProviderApi['accounts']): ProviderApi => ({
  oauth2: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: `${FACEBOOK_GRAPH}/oauth/access_token`,
    scopes,
    scopeSeparator: ',',
    pkce: false,
    // The server-side login flow hands out a long-lived user token with no refresh token; it
    // lasts about 60 days and only a new consent replaces it.
    grantLifetime: {
      days: 60,
      sliding: false,
      source:
        'https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived',
    },
  },
  identity: {
    request: { url: `${FACEBOOK_GRAPH}/me?fields=id,name` },
    idField: 'id',
    nameField: 'name',
  },
  accounts,
});

const LINKEDIN_OAUTH: Omit<OAuth2Settings, 'scopes'> = {
  authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
  tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
  revokeUrl: 'https://www.linkedin.com/oauth/v2/revoke',
  pkce: false,
  // Refresh tokens last 365 days from the consent and a refresh does not extend them (the token
  // answer also says so in refresh_token_expires_in); access tokens last 60 days.
  grantLifetime: {
    days: 365,
    sliding: false,
    source:
      'https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens',
  },
};
const LINKEDIN_REST_HEADERS = {
  Authorization: 'Bearer {accessToken}',
  'LinkedIn-Version': '202505',
  'X-Restli-Protocol-Version': '2.0.0',
};
const linkedin = (scopes: string[], accounts: ProviderApi['accounts']): ProviderApi => ({
  oauth2: { ...LINKEDIN_OAUTH, scopes: ['openid', 'profile', ...scopes] },
  identity: {
    request: { url: 'https://api.linkedin.com/v2/userinfo' },
    idField: 'sub',
    nameField: 'name',
  },
  accounts,
});

const BING_CUSTOMERS = 'https://clientcenter.api.bingads.microsoft.com/CustomerManagement/v13';
const bingCall = (path: string, jsonBody: Record<string, unknown>): ProviderRequest => ({
  url: `${BING_CUSTOMERS}${path}`,
  method: 'POST',
  headers: { Authorization: 'Bearer {accessToken}', DeveloperToken: '{developerToken}' },
  jsonBody,
});

export const PLATFORM_APIS: Readonly<Record<string, ProviderApi>> = {
  // GA4 reports read properties (runReport takes properties/{id}): each account summary
  // lists its properties, and those are the accounts stored.
  'google-analytics': {
    ...google(['https://www.googleapis.com/auth/analytics.readonly'], {
      request: {
        url: 'https://analyticsadmin.googleapis.com/v1beta/accountSummaries?pageSize=200',
      },
      groupPath: 'accountSummaries',
      listPath: 'propertySummaries',
      idField: 'property',
      nameField: 'displayName',
      nextPage: { tokenField: 'nextPageToken', param: 'pageToken' },
    }),
    // A property's reporting time zone (IANA) and currency, which its report dates and money
    // follow, are on the property itself, not its summary:
    // https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties/get
    accountDetails: {
      request: { url: 'https://analyticsadmin.googleapis.com/v1beta/{+accountId}' },
      details: { currency: 'currencyCode', timeZone: 'timeZone' },
    },
  },
  // The customers the login reaches directly; the server then reads each manager's client
  // accounts (customer_client) and stores them with the manager to log in through.
  'google-ads': google(['https://www.googleapis.com/auth/adwords'], {
    request: {
      url: 'https://googleads.googleapis.com/v20/customers:listAccessibleCustomers',
      headers: { Authorization: 'Bearer {accessToken}', 'developer-token': '{developerToken}' },
    },
    listPath: 'resourceNames',
    idField: '$',
    nameField: '$',
  }),
  'google-search-console': google(['https://www.googleapis.com/auth/webmasters.readonly'], {
    request: { url: 'https://www.googleapis.com/webmasters/v3/sites' },
    listPath: 'siteEntry',
    idField: 'siteUrl',
    nameField: 'siteUrl',
  }),
  'youtube-analytics': google(
    [
      'https://www.googleapis.com/auth/youtube.readonly',
      'https://www.googleapis.com/auth/yt-analytics.readonly',
    ],
    {
      request: { url: 'https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true' },
      listPath: 'items',
      idField: 'id',
      nameField: 'snippet.title',
    },
  ),
  'google-business-profile': google(['https://www.googleapis.com/auth/business.manage'], {
    request: { url: 'https://mybusinessaccountmanagement.googleapis.com/v1/accounts' },
    listPath: 'accounts',
    idField: 'name',
    nameField: 'accountName',
  }),
  'bing-ads': {
    oauth2: {
      authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      scopes: ['https://ads.microsoft.com/msads.manage', 'offline_access'],
      pkce: true,
      // A refresh token lapses after 90 days unused; each refresh hands out a new one that
      // lasts another 90 days.
      grantLifetime: {
        days: 90,
        sliding: true,
        source: 'https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens',
      },
    },
    identity: {
      request: bingCall('/User/Query', { UserId: null }),
      idField: 'User.Id',
      nameField: 'User.UserName',
    },
    // SearchAccounts by the user: each account with its customer, which the Reporting API
    // needs in its CustomerId header beside the account's own id.
    accounts: {
      request: bingCall('/Accounts/Search', {
        Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: '{identityId}' }],
        Ordering: null,
        PageInfo: { Index: 0, Size: 1000 },
      }),
      listPath: 'Accounts',
      idField: 'Id',
      nameField: 'Name',
      // The account's time zone, which its campaigns default to and its report days follow,
      // in Microsoft's words mapped to IANA zones.
      details: {
        customerId: 'ParentCustomerId',
        currency: 'CurrencyCode',
        timeZone: { path: 'TimeZone', values: MICROSOFT_TIME_ZONES },
      },
    },
  },
  'linkedin-ads': linkedin(['r_ads', 'r_ads_reporting'], {
    request: {
      url: 'https://api.linkedin.com/rest/adAccounts?q=search',
      headers: LINKEDIN_REST_HEADERS,
    },
    listPath: 'elements',
    idField: 'id',
    nameField: 'name',
  }),
  'linkedin-pages': linkedin(['r_organization_admin', 'r_organization_social'], {
    request: {
      url: 'https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&state=APPROVED',
      headers: LINKEDIN_REST_HEADERS,
    },
    listPath: 'elements',
    idField: 'organization',
    nameField: 'organization',
  }),
  'facebook-insights': facebook(['pages_show_list', 'pages_read_engagement', 'read_insights'], {
    request: { url: `${FACEBOOK_GRAPH}/me/accounts?fields=id,name&limit=200` },
    listPath: 'data',
    idField: 'id',
    nameField: 'name',
  }),
  // Each ad account's currency and reporting time zone, which Insights dates and amounts follow
  // (https://developers.facebook.com/docs/marketing-api/reference/ad-account/).
  'facebook-ads': facebook(['ads_read'], {
    request: {
      url: `${FACEBOOK_GRAPH}/me/adaccounts?fields=id,name,currency,timezone_name&limit=200`,
    },
    listPath: 'data',
    idField: 'id',
    nameField: 'name',
    details: { currency: 'currency', timeZone: 'timezone_name' },
  }),
  'instagram-insights': facebook(
    ['instagram_basic', 'instagram_manage_insights', 'pages_show_list'],
    {
      // fields=instagram_business_account{id,username}, encoded: braces are placeholders here.
      request: {
        url: `${FACEBOOK_GRAPH}/me/accounts?fields=instagram_business_account%7Bid%2Cusername%7D&limit=200`,
      },
      listPath: 'data',
      idField: 'instagram_business_account.id',
      nameField: 'instagram_business_account.username',
    },
  ),
};
