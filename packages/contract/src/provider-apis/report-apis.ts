import type { ReportApi } from '../provider-api-types.ts';

/**
 * Where each connector's reporting API lives. The server's report fetchers add the provider's
 * documented paths to `baseUrl`, so in demo mode the sandbox only has to move the base.
 */
export const REPORT_APIS: Readonly<Record<string, ReportApi>> = {
  'google-analytics': { baseUrl: 'https://analyticsdata.googleapis.com/v1beta' },
  'google-ads': { baseUrl: 'https://googleads.googleapis.com/v20' },
  'google-search-console': { baseUrl: 'https://www.googleapis.com/webmasters/v3' },
  'youtube-analytics': { baseUrl: 'https://youtubeanalytics.googleapis.com/v2' },
  'google-business-profile': { baseUrl: 'https://businessprofileperformance.googleapis.com/v1' },
  'bing-ads': { baseUrl: 'https://reporting.api.bingads.microsoft.com/Reporting/v13' },
  'linkedin-ads': { baseUrl: 'https://api.linkedin.com/rest' },
  'linkedin-pages': { baseUrl: 'https://api.linkedin.com/rest' },
  'facebook-ads': { baseUrl: 'https://graph.facebook.com/v19.0' },
  'facebook-insights': { baseUrl: 'https://graph.facebook.com/v19.0' },
  'instagram-insights': { baseUrl: 'https://graph.facebook.com/v19.0' },
  'x-ads': { baseUrl: 'https://ads-api.x.com/12' },
  'hubspot-analytics': { baseUrl: 'https://api.hubapi.com' },
  // Each Mailchimp login lives in one data centre, which its OAuth metadata names.
  mailchimp: { baseUrl: 'https://login.mailchimp.com', baseUrlField: 'api_endpoint' },
  stripe: { baseUrl: 'https://api.stripe.com/v1' },
  etsy: { baseUrl: 'https://api.etsy.com/v3/application' },
  // Each Salesforce org has its own instance, which the login's userinfo names.
  salesforce: { baseUrl: 'https://login.salesforce.com', baseUrlField: 'urls.custom_domain' },
  'pinterest-ads': { baseUrl: 'https://api.pinterest.com/v5' },
  'tiktok-ads': { baseUrl: 'https://business-api.tiktok.com/open_api/v1.3' },
  'snapchat-ads': { baseUrl: 'https://adsapi.snapchat.com/v1' },
  'amazon-ads': { baseUrl: 'https://advertising-api.amazon.com' },
  'constant-contact': { baseUrl: 'https://api.cc.email/v3' },
  callrail: { baseUrl: 'https://api.callrail.com/v3' },
  whatconverts: { baseUrl: 'https://app.whatconverts.com/api/v1' },
};
