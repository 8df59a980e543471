import type { ProviderApi } from '../provider-api-types.ts';

/** Connectors whose provider has an OAuth server of its own. */
export const SINGLE_APP_APIS: Readonly<Record<string, ProviderApi>> = {
  'x-ads': {
    oauth2: {
      authorizeUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      revokeUrl: 'https://api.x.com/2/oauth2/revoke',
      scopes: ['tweet.read', 'users.read', 'offline.access'],
      pkce: true,
      clientAuth: 'basic',
    },
    identity: {
      request: { url: 'https://api.x.com/2/users/me' },
      idField: 'data.id',
      nameField: 'data.username',
    },
    accounts: { idField: 'data.id', nameField: 'data.username' },
  },
  'hubspot-analytics': {
    oauth2: {
      authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
      tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
      scopes: ['oauth', 'crm.objects.contacts.read'],
      pkce: false,
    },
    identity: {
      request: { url: 'https://api.hubapi.com/account-info/v3/details' },
      idField: 'portalId',
      nameField: 'portalId',
    },
    accounts: { idField: 'portalId', nameField: 'portalId' },
  },
  mailchimp: {
    oauth2: {
      authorizeUrl: 'https://login.mailchimp.com/oauth2/authorize',
      tokenUrl: 'https://login.mailchimp.com/oauth2/token',
      scopes: [],
      pkce: false,
    },
    identity: {
      request: {
        url: 'https://login.mailchimp.com/oauth2/metadata',
        headers: { Authorization: 'OAuth {accessToken}' },
      },
      idField: 'user_id',
      nameField: 'accountname',
    },
    accounts: { idField: 'user_id', nameField: 'accountname' },
  },
  stripe: {
    oauth2: {
      authorizeUrl: 'https://connect.stripe.com/oauth/authorize',
      tokenUrl: 'https://connect.stripe.com/oauth/token',
      scopes: ['read_only'],
      pkce: false,
    },
    identity: {
      request: { url: 'https://api.stripe.com/v1/account' },
      idField: 'id',
      nameField: 'settings.dashboard.display_name',
    },
    accounts: { idField: 'id', nameField: 'settings.dashboard.display_name' },
  },
  etsy: {
    oauth2: {
      authorizeUrl: 'https://www.etsy.com/oauth/connect',
      tokenUrl: 'https://api.etsy.com/v3/public/oauth/token',
      scopes: ['shops_r', 'transactions_r'],
      pkce: true,
      clientAuth: 'none',
    },
    identity: {
      request: {
        url: 'https://api.etsy.com/v3/application/users/me',
        headers: { Authorization: 'Bearer {accessToken}', 'x-api-key': '{clientId}' },
      },
      idField: 'user_id',
      nameField: 'user_id',
    },
    accounts: { idField: 'shop_id', nameField: 'shop_id' },
  },
  salesforce: {
    oauth2: {
      authorizeUrl: 'https://login.salesforce.com/services/oauth2/authorize',
      tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
      revokeUrl: 'https://login.salesforce.com/services/oauth2/revoke',
      scopes: ['api', 'refresh_token', 'openid'],
      pkce: true,
    },
    identity: {
      request: { url: 'https://login.salesforce.com/services/oauth2/userinfo' },
      idField: 'user_id',
      nameField: 'name',
    },
    accounts: { idField: 'organization_id', nameField: 'organization_id' },
  },
  'pinterest-ads': {
    oauth2: {
      authorizeUrl: 'https://www.pinterest.com/oauth/',
      tokenUrl: 'https://api.pinterest.com/v5/oauth/token',
      scopes: ['ads:read', 'user_accounts:read'],
      scopeSeparator: ',',
      pkce: false,
      clientAuth: 'basic',
    },
    identity: {
      request: { url: 'https://api.pinterest.com/v5/user_account' },
      idField: 'username',
      nameField: 'username',
    },
    accounts: {
      request: { url: 'https://api.pinterest.com/v5/ad_accounts?page_size=250' },
      listPath: 'items',
      idField: 'id',
      nameField: 'name',
    },
  },
  'tiktok-ads': {
    // TikTok's standard OAuth2 (Login Kit); its Business API uses non-OAuth2 parameter names.
    oauth2: {
      authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/',
      tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
      revokeUrl: 'https://open.tiktokapis.com/v2/oauth/revoke/',
      scopes: ['user.info.basic'],
      scopeSeparator: ',',
      pkce: false,
      clientIdParam: 'client_key',
    },
    identity: {
      request: { url: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name' },
      idField: 'data.user.open_id',
      nameField: 'data.user.display_name',
    },
    accounts: { idField: 'data.user.open_id', nameField: 'data.user.display_name' },
  },
  'snapchat-ads': {
    oauth2: {
      authorizeUrl: 'https://accounts.snapchat.com/login/oauth2/authorize',
      tokenUrl: 'https://accounts.snapchat.com/login/oauth2/access_token',
      scopes: ['snapchat-marketing-api'],
      pkce: false,
    },
    identity: {
      request: { url: 'https://adsapi.snapchat.com/v1/me' },
      idField: 'me.id',
      nameField: 'me.display_name',
    },
    accounts: {
      request: { url: 'https://adsapi.snapchat.com/v1/me/organizations' },
      listPath: 'organizations',
      idField: 'organization.id',
      nameField: 'organization.name',
    },
  },
  'amazon-ads': {
    oauth2: {
      authorizeUrl: 'https://www.amazon.com/ap/oa',
      tokenUrl: 'https://api.amazon.com/auth/o2/token',
      scopes: ['profile', 'advertising::campaign_management'],
      pkce: true,
    },
    identity: {
      request: { url: 'https://api.amazon.com/user/profile' },
      idField: 'user_id',
      nameField: 'name',
    },
    accounts: {
      request: {
        url: 'https://advertising-api.amazon.com/v2/profiles',
        headers: {
          Authorization: 'Bearer {accessToken}',
          'Amazon-Advertising-API-ClientId': '{clientId}',
        },
      },
      listPath: '$',
      idField: 'profileId',
      nameField: 'accountInfo.name',
    },
  },
  'constant-contact': {
    oauth2: {
      authorizeUrl: 'https://authz.constantcontact.com/oauth2/default/v1/authorize',
      tokenUrl: 'https://authz.constantcontact.com/oauth2/default/v1/token',
      revokeUrl: 'https://authz.constantcontact.com/oauth2/default/v1/revoke',
      scopes: ['account_read', 'contact_data', 'offline_access'],
      pkce: true,
      clientAuth: 'basic',
    },
    identity: {
      request: { url: 'https://api.cc.email/v3/account/summary' },
      idField: 'encoded_account_id',
      nameField: 'organization_name',
    },
    accounts: { idField: 'encoded_account_id', nameField: 'organization_name' },
  },
};
