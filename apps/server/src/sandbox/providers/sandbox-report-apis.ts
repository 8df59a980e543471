import type { SandboxReportApi } from './sandbox-report-api.ts';
import { callrailReports } from './sandbox-reports-callrail.ts';
import { googleAdsReports, googleAnalyticsReports } from './sandbox-reports-google.ts';
import { facebookAdsReports } from './sandbox-reports-meta.ts';
import { bingAdsReports } from './sandbox-reports-microsoft.ts';
import { linkedinAdsReports } from './sandbox-reports-linkedin.ts';

/** The sandbox's reporting API of each connector, by nameSimple. */
export const SANDBOX_REPORT_APIS: Readonly<Record<string, SandboxReportApi>> = {
  'google-analytics': googleAnalyticsReports,
  'google-ads': googleAdsReports,
  'facebook-ads': facebookAdsReports,
  'bing-ads': bingAdsReports,
  'linkedin-ads': linkedinAdsReports,
  callrail: callrailReports,
};
