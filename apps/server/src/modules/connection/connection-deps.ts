import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import type { OauthStatesService } from '../oauth-states/oauth-states.service.ts';
import type { ProviderDirectory } from '../providers/provider-directory.ts';

/** What connecting needs; built once per app. */
export interface ConnectionDeps {
  db: Db;
  clock: Clock;
  cipher: TokenCipher;
  providers: ProviderDirectory;
  config: Pick<Config, 'gdsRedirectAllowlist' | 'connectorTimeoutMs'>;
  states: OauthStatesService;
}

/**
 * One deadline for all provider calls of a connection (token, identity, accounts): a provider
 * that fails or hangs gives the user a clear error within the configured timeout, however many
 * calls it takes.
 */
export const connectionDeadline = (deps: ConnectionDeps) =>
  AbortSignal.timeout(deps.config.connectorTimeoutMs);
