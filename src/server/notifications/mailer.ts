import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export type DeliveredStatus = 'sent' | 'logged';

/** Sends an email or, without SMTP, writes it to the log; throws when the SMTP server refuses it. */
export interface Mailer {
  deliver(message: EmailMessage): Promise<DeliveredStatus>;
  close(): void;
}

/**
 * Without SMTP_URL a developer reads emails (reset links included) in the log. Outside
 * development (core/mode.ts) the log gets the subject only: a reset link there would let anyone
 * who reads the log take the account; the whole email stays in the email_outbox table.
 */
function logOnlyMailer(config: Pick<Config, 'mode'>, log: FastifyBaseLogger): Mailer {
  return {
    async deliver(message) {
      if (config.mode === 'development') {
        log.info({ to: message.to, subject: message.subject }, `email not sent (no SMTP_URL set):\n${message.text}`);
      } else {
        log.info({ subject: message.subject }, 'email not sent (no SMTP_URL set); it is kept in the email_outbox table');
      }
      return 'logged';
    },
    close() {},
  };
}

/** As many as the email workers send at once (plugins/jobs.ts). */
const MAX_SMTP_CONNECTIONS = 8;

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'mode'>, log: FastifyBaseLogger): Mailer {
  const smtpUrl = config.SMTP_URL;
  if (!smtpUrl) return logOnlyMailer(config, log);
  // Pooled: each email reuses an open connection instead of a new TCP and SMTP handshake.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: MAX_SMTP_CONNECTIONS });
  return {
    async deliver(message) {
      await transport.sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
