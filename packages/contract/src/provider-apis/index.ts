import type { ProviderApi } from '../provider-api-types.ts';
import { FORM_LOGIN_APIS } from './form-logins.ts';
import { PLATFORM_APIS } from './platforms.ts';
import { REPORT_APIS } from './report-apis.ts';
import { SINGLE_APP_APIS } from './single-apps.ts';

/**
 * The real providers' addresses per connector (by nameSimple). The server reads them with one
 * generic OAuth2 client and one JSON reader; in demo mode the sandbox stands in with the same
 * settings and its own URLs. Deprecated connectors cannot be newly connected and have none.
 * Lists are read from their first page (page sizes are set to the providers' maxima).
 */

export const PROVIDER_APIS: Readonly<Record<string, ProviderApi>> = Object.fromEntries(
  Object.entries({ ...PLATFORM_APIS, ...SINGLE_APP_APIS, ...FORM_LOGIN_APIS }).map(
    ([name, api]) => {
      const reports = REPORT_APIS[name];
      return [name, reports ? { ...api, reports } : api];
    },
  ),
);
