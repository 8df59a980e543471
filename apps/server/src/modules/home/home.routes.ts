import { SKINS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Config } from '../../config/config.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { Handlers } from '../../http/route.ts';
import type { SessionService } from '../sessions/sessions.service.ts';

/** The front end's public configuration (under the names the front end reads) and session. */
export function homeHandlers(deps: {
  config: Config;
  sessions: SessionService;
  /** "Open in Looker Studio" per unit and connector nameSimple (see the data-api module). */
  lookerStudioUrls: Readonly<Record<BusinessUnit, Readonly<Record<string, string>>>>;
}): Pick<Handlers, 'getConfig' | 'getSession'> {
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
          loginCheckIntervalMs: config.loginCheckIntervalMs,
          tokenCheckIntervalMs: config.tokenCheckIntervalMs,
          gdsRedirectAllowlist: [...config.gdsRedirectAllowlist],
          // Only units whose skin has a chat widget load the vendor's script.
          chatWidget: SKINS[unit].chatWidget ? (config.chatWidget ?? null) : null,
          dataApiBaseUrls: { ...config.dataApi.baseUrls },
          lookerStudioUrls: { ...deps.lookerStudioUrls[unit] },
        },
      }),

    // A passive endpoint: reading it did not extend the idle timer (see the contract).
    getSession: ({ auth }) => {
      if (auth.kind !== 'session') return Promise.reject(unauthenticated());
      const ends = deps.sessions.endsOf(auth.session);
      return Promise.resolve({
        expiresAt: ends.expiresAt.toISOString(),
        idleExpiresAt: ends.idleExpiresAt.toISOString(),
      });
    },
  };
}
