import type { FetcherDefinition } from '../reports/define-fetcher.ts';
import { amazonAds } from './amazon-ads.fetcher.ts';
import { bingAds } from './bing-ads.fetcher.ts';
import { businessProfile } from './business-profile.fetcher.ts';
import { callrail } from './callrail.fetcher.ts';
import { constantContact } from './constant-contact.fetcher.ts';
import { etsy } from './etsy.fetcher.ts';
import { facebookAds } from './facebook-ads.fetcher.ts';
import { googleAds } from './google-ads.fetcher.ts';
import { googleAnalytics } from './google-analytics.fetcher.ts';
import { facebookInsights, instagramInsights } from './graph-insights.fetcher.ts';
import { hubspot } from './hubspot.fetcher.ts';
import { linkedinAds } from './linkedin-ads.fetcher.ts';
import { linkedinPages } from './linkedin-pages.fetcher.ts';
import { mailchimp } from './mailchimp.fetcher.ts';
import { pinterestAds } from './pinterest-ads.fetcher.ts';
import { salesforce } from './salesforce.fetcher.ts';
import { searchConsole } from './search-console.fetcher.ts';
import { snapchatAds } from './snapchat-ads.fetcher.ts';
import { stripe } from './stripe.fetcher.ts';
import { tiktokAds } from './tiktok-ads.fetcher.ts';
import { whatconverts } from './whatconverts.fetcher.ts';
import { xAds } from './x-ads.fetcher.ts';
import { youtubeAnalytics } from './youtube-analytics.fetcher.ts';

/** Every connector's fetcher definition (one per connector, by nameSimple). */
export const FETCHER_DEFINITIONS: readonly FetcherDefinition[] = [
  googleAnalytics,
  googleAds,
  facebookAds,
  bingAds,
  linkedinAds,
  callrail,
  searchConsole,
  youtubeAnalytics,
  businessProfile,
  facebookInsights,
  instagramInsights,
  linkedinPages,
  xAds,
  hubspot,
  mailchimp,
  stripe,
  etsy,
  salesforce,
  pinterestAds,
  tiktokAds,
  snapchatAds,
  amazonAds,
  constantContact,
  whatconverts,
];
