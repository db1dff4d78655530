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

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, log: FastifyBaseLogger): Mailer {
  const smtpUrl = config.SMTP_URL;
  if (!smtpUrl) {
    return {
      async deliver(message) {
        log.info({ to: message.to, subject: message.subject }, `email not sent (no SMTP_URL set):\n${message.text}`);
        return 'logged';
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(message) {
      await transport.sendMail({ from: config.MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
