import type { FetcherDefinition } from './define-fetcher.ts';
import { bingAds } from './bing-ads.fetcher.ts';
import { callrail } from './callrail.fetcher.ts';
import { facebookAds } from './facebook-ads.fetcher.ts';
import { googleAds } from './google-ads.fetcher.ts';
import { googleAnalytics } from './google-analytics.fetcher.ts';
import { linkedinAds } from './linkedin-ads.fetcher.ts';

/** Every connector's fetcher definition (one per connector, by nameSimple). */
export const FETCHER_DEFINITIONS: readonly FetcherDefinition[] = [
  googleAnalytics,
  googleAds,
  facebookAds,
  bingAds,
  linkedinAds,
  callrail,
];
