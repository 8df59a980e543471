import type { Config } from '../../config.ts';
import type { Handlers } from '../../http/route.ts';

/** The front end's public configuration (spec §9 front-end config value names). */
export function homeHandlers(deps: { config: Config }): Pick<Handlers, 'getConfig'> {
  const { config } = deps;
  return {
    getConfig: ({ unit }) =>
      Promise.resolve({
        config: {
          GOOGLE_CLIENT_ID: config.google?.clientId ?? '',
          AMCHART_LICENSE: config.amchartLicense,
          CHARGEBEE_SITE: config.chargebeeSite,
          gTagId: config.gtagIds[unit] ?? '',
          demoMode: !config.google,
        },
      }),
  };
}
