import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.ts';
import { redactLogLine, redactPath } from './log-redaction.ts';

/** Where log lines go instead of stdout (tests read them); they are redacted all the same. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The server's pino settings. Every line passes through one redaction just before it is
 * written, whoever logged it (request logs, the token refresher, an error's stack), so a token,
 * API key or OAuth code never reaches a log even when some code path logs more than it should.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream: LogStream | undefined,
): Exclude<FastifyServerOptions['logger'], undefined | boolean> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    hooks: { streamWrite: redactLogLine },
    serializers: {
      // Paths only: queries carry OAuth codes and states, which never belong in a log; a
      // link page's path carries its token.
      req: (req: { method: string; url: string; host: string }) => ({
        method: req.method,
        url: redactPath(req.url.split('?')[0] ?? ''),
        host: req.host,
      }),
    },
  };
}
