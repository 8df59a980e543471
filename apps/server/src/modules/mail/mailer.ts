import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { SKINS } from '@gds/contract';
import type { BusinessUnit } from '@gds/contract';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config/config.ts';
import type { TokenCipher } from '../../crypto/token-cipher.ts';
import type { Db } from '../../db/database.ts';
import { openOutboxBody, sealOutboxBody } from './outbox-seal.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import type { OutboxMessage } from './outbox.repository.ts';

/** A message of one business unit: it is sent under that unit's brand. */
export interface MailMessage {
  unit: BusinessUnit;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends a message; answers whether it went out (accepted by SMTP_URL's server, or, in demo
   * mode without one, kept in the outbox). It never throws: mail is a side effect of a change
   * that has already happened, which a mail failure must not undo or hide.
   */
  send(message: MailMessage): Promise<boolean>;
  /** Demo mode: drops outbox messages older than `days`. */
  purgeOutbox(days: number): Promise<void>;
  /** Demo mode: the newest `limit` messages kept (what /sandbox/outbox lists). */
  outbox(limit: number): Promise<OutboxMessage[]>;
}

/** A mail server that does not answer fails the send within seconds, not minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Mail over SMTP_URL (nodemailer). In demo mode every message is also kept in the database
 * (shown at /sandbox/outbox), so flows that send mail work without a mail server. With neither,
 * nothing is sent. Kept bodies are sealed with the token key: a message may carry a live
 * invitation or client link, which a database dump must not hand out.
 */
export function createMailer(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sandbox'>;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  cipher: TokenCipher;
}): Mailer {
  const { config } = deps;
  const outbox = createOutboxRepository(deps.db);
  // nodemailer is loaded at the first message, not at every start (~50 ms), and never in
  // demo mode without SMTP_URL.
  let made: Promise<Transporter> | undefined;
  const transport = () =>
    (made ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  const senderOf = (unit: BusinessUnit) =>
    config.mailFrom ?? `"${SKINS[unit].name}" <${SKINS[unit].supportEmail}>`;

  async function keep(message: MailMessage, from: string): Promise<boolean> {
    try {
      await outbox.insert({
        ...message,
        text: sealOutboxBody(deps.cipher, message.to, 'text', message.text),
        html: sealOutboxBody(deps.cipher, message.to, 'html', message.html),
        from,
        at: deps.clock(),
      });
      return true;
    } catch (error) {
      deps.log.warn({ err: error }, 'demo outbox: the message could not be kept');
      return false;
    }
  }

  async function deliver(message: MailMessage, from: string): Promise<boolean> {
    try {
      const { unit: _unit, ...fields } = message;
      await (await transport()).sendMail({ from, ...fields });
      return true;
    } catch (error) {
      // Only what says why: nodemailer's error objects can carry the connection's options.
      const e = error as { code?: unknown; responseCode?: unknown; command?: unknown };
      deps.log.warn(
        {
          code: e.code,
          responseCode: e.responseCode,
          command: e.command,
          reason: messageOf(error),
        },
        'mail not sent: the SMTP server refused it or could not be reached',
      );
      return false;
    }
  }

  return {
    async send(message) {
      const from = senderOf(message.unit);
      const kept = config.sandbox ? await keep(message, from) : false;
      return config.smtpUrl ? deliver(message, from) : kept;
    },

    async purgeOutbox(days) {
      if (!config.sandbox) return;
      await outbox.purge(new Date(deps.clock().getTime() - days * 24 * 60 * 60 * 1000));
    },

    async outbox(limit) {
      const messages = await outbox.newest(limit);
      return messages.map((m) => ({
        ...m,
        text_body: openOutboxBody(deps.cipher, m.mail_to, 'text', m.text_body),
      }));
    },
  };
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A URL with a password in it (should a library quote one) loses its userinfo.
  return text.replace(/\b(smtps?:\/\/)[^@\s/]*@/gi, '$1');
}
