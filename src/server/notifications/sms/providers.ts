import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { africasTalkingProvider } from './africasTalking.js';
import { hubtelProvider } from './hubtel.js';
import { logProvider } from './logProvider.js';
import type { SmsProvider } from './provider.js';

type SmsSettings = Pick<
  Config,
  | 'SMS_PROVIDER'
  | 'AFRICASTALKING_URL'
  | 'AFRICASTALKING_USERNAME'
  | 'AFRICASTALKING_API_KEY'
  | 'AFRICASTALKING_SENDER_ID'
  | 'HUBTEL_URL'
  | 'HUBTEL_CLIENT_ID'
  | 'HUBTEL_CLIENT_SECRET'
  | 'HUBTEL_SENDER'
>;

/** The provider SMS_PROVIDER names, with its keys (config.ts refuses to start without them), or the log. */
export function createSmsProvider(config: SmsSettings, log: FastifyBaseLogger): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'africastalking':
      return africasTalkingProvider({
        url: config.AFRICASTALKING_URL,
        username: config.AFRICASTALKING_USERNAME ?? '',
        apiKey: config.AFRICASTALKING_API_KEY ?? '',
        senderId: config.AFRICASTALKING_SENDER_ID,
      });
    case 'hubtel':
      return hubtelProvider({
        url: config.HUBTEL_URL,
        clientId: config.HUBTEL_CLIENT_ID ?? '',
        clientSecret: config.HUBTEL_CLIENT_SECRET ?? '',
        sender: config.HUBTEL_SENDER ?? '',
      });
    case undefined:
      return logProvider(log);
  }
}
