/**
 * The connectors catalog. Connectors are data: the server answers this catalog
 * from GET /api/dataSources/connectorConfig as a map keyed by kind id, and the web app derives
 * its gallery from it.
 */

export interface LoginField {
  fieldName: string;
  label: string;
  type: 'text' | 'password' | 'email' | 'url';
  value?: string;
}

export const CONNECTOR_CATEGORIES = [
  'analytics',
  'advertising',
  'social',
  'crm',
  'email',
  'call-tracking',
  'ecommerce',
  'local',
] as const;
export type ConnectorCategory = (typeof CONNECTOR_CATEGORIES)[number];

export interface ConnectorDefinition {
  /** Internal numeric id; also the key of the connector map. */
  id: number;
  /** Stable kebab-case identifier (also the add-on module id for add-on connectors). */
  nameSimple: string;
  name: string;
  url: string;
  category: ConnectorCategory;
  /** 'oauth2' connectors go through the provider's consent page; 'form' ones ask loginFields. */
  auth: 'oauth2' | 'form';
  loginFields?: readonly LoginField[];
  /** Signs in with Google (ids 1, 3, 12, 13, 19). */
  googleType: boolean;
  beta: boolean;
  /** Cannot be newly connected; existing accounts still show. */
  deprecated: boolean;
  /** Sold as an add-on module: allowed only when the team's plan includes it. */
  addon: boolean;
}

export const GOOGLE_TYPE_CONNECTOR_IDS = [1, 3, 12, 13, 19] as const;
export const DEPRECATED_CONNECTORS = ['apex-chat', 'avanser', 'call-tracking-metrics'] as const;
export const BETA_CONNECTORS = ['mailchimp'] as const;
export const FACEBOOK_ADS_CONNECTOR = 'facebook-ads';
export const ADDON_CONNECTORS = [
  'facebook-ads',
  'facebook-insights',
  'linkedin-ads',
  'linkedin-pages',
  'hubspot-analytics',
  'bing-ads',
] as const;

type Entry = Omit<ConnectorDefinition, 'googleType' | 'beta' | 'deprecated' | 'addon'>;

const apiKeyField = (label = 'API key'): LoginField => ({
  fieldName: 'apiKey',
  label,
  type: 'password',
});

const ENTRIES: readonly Entry[] = [
  {
    id: 1,
    nameSimple: 'google-analytics',
    name: 'Google Analytics',
    url: 'https://analytics.google.com',
    category: 'analytics',
    auth: 'oauth2',
  },
  {
    id: 2,
    nameSimple: 'bing-ads',
    name: 'Microsoft Advertising (Bing Ads)',
    url: 'https://ads.microsoft.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 3,
    nameSimple: 'google-ads',
    name: 'Google Ads',
    url: 'https://ads.google.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 4,
    nameSimple: 'linkedin-ads',
    name: 'LinkedIn Ads',
    url: 'https://www.linkedin.com/campaignmanager',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 5,
    nameSimple: 'linkedin-pages',
    name: 'LinkedIn Pages',
    url: 'https://www.linkedin.com',
    category: 'social',
    auth: 'oauth2',
  },
  {
    id: 6,
    nameSimple: 'facebook-insights',
    name: 'Facebook Insights',
    url: 'https://business.facebook.com',
    category: 'social',
    auth: 'oauth2',
  },
  {
    id: 7,
    nameSimple: 'instagram-insights',
    name: 'Instagram Insights',
    url: 'https://business.instagram.com',
    category: 'social',
    auth: 'oauth2',
  },
  {
    id: 8,
    nameSimple: 'x-ads',
    name: 'X Ads (Twitter)',
    url: 'https://ads.x.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 9,
    nameSimple: 'hubspot-analytics',
    name: 'HubSpot',
    url: 'https://app.hubspot.com',
    category: 'crm',
    auth: 'oauth2',
  },
  {
    id: 10,
    nameSimple: 'mailchimp',
    name: 'Mailchimp',
    url: 'https://mailchimp.com',
    category: 'email',
    auth: 'oauth2',
  },
  {
    id: 11,
    nameSimple: 'callrail',
    name: 'CallRail',
    url: 'https://app.callrail.com',
    category: 'call-tracking',
    auth: 'form',
    loginFields: [
      apiKeyField('API key'),
      { fieldName: 'accountId', label: 'Account ID', type: 'text' },
    ],
  },
  {
    id: 12,
    nameSimple: 'google-search-console',
    name: 'Google Search Console',
    url: 'https://search.google.com/search-console',
    category: 'analytics',
    auth: 'oauth2',
  },
  {
    id: 13,
    nameSimple: 'youtube-analytics',
    name: 'YouTube Analytics',
    url: 'https://studio.youtube.com',
    category: 'social',
    auth: 'oauth2',
  },
  {
    id: 14,
    nameSimple: 'call-tracking-metrics',
    name: 'CallTrackingMetrics',
    url: 'https://app.calltrackingmetrics.com',
    category: 'call-tracking',
    auth: 'form',
    loginFields: [
      { fieldName: 'accessKey', label: 'Access key', type: 'text' },
      { fieldName: 'secretKey', label: 'Secret key', type: 'password' },
    ],
  },
  {
    id: 15,
    nameSimple: 'apex-chat',
    name: 'ApexChat',
    url: 'https://www.apexchat.com',
    category: 'call-tracking',
    auth: 'form',
    loginFields: [
      { fieldName: 'username', label: 'Username', type: 'text' },
      { fieldName: 'password', label: 'Password', type: 'password' },
    ],
  },
  {
    id: 16,
    nameSimple: 'avanser',
    name: 'Avanser',
    url: 'https://www.avanser.com',
    category: 'call-tracking',
    auth: 'form',
    loginFields: [
      { fieldName: 'username', label: 'Username', type: 'text' },
      { fieldName: 'password', label: 'Password', type: 'password' },
    ],
  },
  {
    id: 17,
    nameSimple: 'stripe',
    name: 'Stripe',
    url: 'https://dashboard.stripe.com',
    category: 'ecommerce',
    auth: 'oauth2',
  },
  {
    // Was Shopify, whose OAuth addresses are per shop; Etsy's are fixed.
    id: 18,
    nameSimple: 'etsy',
    name: 'Etsy',
    url: 'https://www.etsy.com/your/shops/me',
    category: 'ecommerce',
    auth: 'oauth2',
  },
  {
    id: 19,
    nameSimple: 'google-business-profile',
    name: 'Google Business Profile',
    url: 'https://business.google.com',
    category: 'local',
    auth: 'oauth2',
  },
  {
    id: 20,
    nameSimple: 'salesforce',
    name: 'Salesforce',
    url: 'https://login.salesforce.com',
    category: 'crm',
    auth: 'oauth2',
  },
  {
    id: 21,
    nameSimple: 'pinterest-ads',
    name: 'Pinterest Ads',
    url: 'https://ads.pinterest.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 22,
    nameSimple: 'tiktok-ads',
    name: 'TikTok Ads',
    url: 'https://ads.tiktok.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 23,
    nameSimple: 'snapchat-ads',
    name: 'Snapchat Ads',
    url: 'https://ads.snapchat.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 24,
    nameSimple: 'whatconverts',
    name: 'WhatConverts',
    url: 'https://app.whatconverts.com',
    category: 'call-tracking',
    auth: 'form',
    loginFields: [
      { fieldName: 'apiToken', label: 'API token', type: 'text' },
      { fieldName: 'apiSecret', label: 'API secret', type: 'password' },
    ],
  },
  {
    id: 25,
    nameSimple: 'amazon-ads',
    name: 'Amazon Ads',
    url: 'https://advertising.amazon.com',
    category: 'advertising',
    auth: 'oauth2',
  },
  {
    id: 26,
    nameSimple: 'constant-contact',
    name: 'Constant Contact',
    url: 'https://www.constantcontact.com',
    category: 'email',
    auth: 'oauth2',
  },
  {
    id: 39,
    nameSimple: 'facebook-ads',
    name: 'Facebook Ads',
    url: 'https://adsmanager.facebook.com',
    category: 'advertising',
    auth: 'oauth2',
  },
];

const includes = (list: readonly (string | number)[], value: string | number) =>
  list.includes(value);

export const CONNECTORS: readonly ConnectorDefinition[] = ENTRIES.map((entry) => ({
  ...entry,
  googleType: includes(GOOGLE_TYPE_CONNECTOR_IDS, entry.id),
  beta: includes(BETA_CONNECTORS, entry.nameSimple),
  deprecated: includes(DEPRECATED_CONNECTORS, entry.nameSimple),
  addon: includes(ADDON_CONNECTORS, entry.nameSimple),
}));

export function findConnector(id: number): ConnectorDefinition | undefined {
  return CONNECTORS.find((connector) => connector.id === id);
}

export function findConnectorByName(nameSimple: string): ConnectorDefinition | undefined {
  return CONNECTORS.find((connector) => connector.nameSimple === nameSimple);
}
