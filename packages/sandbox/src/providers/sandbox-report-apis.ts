import type { SandboxReportApi } from './sandbox-report-api.ts';
import { amazonReports } from './sandbox-reports-amazon.ts';
import { callrailReports, whatconvertsReports } from './sandbox-reports-call-tracking.ts';
import {
  etsyReports,
  hubspotReports,
  salesforceReports,
  stripeReports,
} from './sandbox-reports-commerce.ts';
import { constantContactReports, mailchimpReports } from './sandbox-reports-email.ts';
import { googleAnalyticsReports } from './sandbox-reports-google.ts';
import { googleAdsReports } from './sandbox-reports-google-ads.ts';
import {
  businessProfileReports,
  searchConsoleReports,
  youtubeReports,
} from './sandbox-reports-google-sites.ts';
import { linkedinAdsReports, linkedinPagesReports } from './sandbox-reports-linkedin.ts';
import { facebookAdsReports } from './sandbox-reports-meta.ts';
import { facebookPageReports, instagramReports } from './sandbox-reports-meta-pages.ts';
import { bingAdsReports } from './sandbox-reports-microsoft.ts';
import {
  pinterestReports,
  snapchatReports,
  tiktokReports,
  xAdsReports,
} from './sandbox-reports-social-ads.ts';

/** The sandbox's reporting API of each connector, by nameSimple. */
export const SANDBOX_REPORT_APIS: Readonly<Record<string, SandboxReportApi>> = {
  'google-analytics': googleAnalyticsReports,
  'google-ads': googleAdsReports,
  'google-search-console': searchConsoleReports,
  'youtube-analytics': youtubeReports,
  'google-business-profile': businessProfileReports,
  'facebook-ads': facebookAdsReports,
  'facebook-insights': facebookPageReports,
  'instagram-insights': instagramReports,
  'bing-ads': bingAdsReports,
  'linkedin-ads': linkedinAdsReports,
  'linkedin-pages': linkedinPagesReports,
  'x-ads': xAdsReports,
  'hubspot-analytics': hubspotReports,
  mailchimp: mailchimpReports,
  stripe: stripeReports,
  etsy: etsyReports,
  salesforce: salesforceReports,
  'pinterest-ads': pinterestReports,
  'tiktok-ads': tiktokReports,
  'snapchat-ads': snapchatReports,
  'amazon-ads': amazonReports,
  'constant-contact': constantContactReports,
  callrail: callrailReports,
  whatconverts: whatconvertsReports,
};
