import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './provider.js';

/**
 * Without SMS_PROVIDER an SMS goes nowhere: the log says only that one of its kind was kept, in
 * every mode. Unlike an email's subject, an SMS has nothing to show that is not personal (its
 * number, its text); the whole message stays in the sms_outbox table.
 */
export function logProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async send(message) {
      log.info({ smsKind: message.kind }, 'SMS not sent (no SMS_PROVIDER set); it is kept in the sms_outbox table');
      return { status: 'logged' };
    },
  };
}
