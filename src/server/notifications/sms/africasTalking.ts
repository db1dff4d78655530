import { z } from 'zod';
import { optionalText, requiredText } from '@shared/fields.js';
import { PermanentJobError } from '../../jobs/jobs.js';
import { callProvider, SmsProviderUnavailable, type ReportedOutcome, type SmsProvider } from './provider.js';

/**
 * Africa's Talking's bulk SMS API, as its documentation describes it:
 * - sending: https://developers.africastalking.com/docs/sms/sending/bulk
 *   (also http://docs.africastalking.com/sms/sending): POST, form-encoded, `username`, `to`,
 *   `message` and optionally `from` (a registered sender id or short code), with the `apiKey`
 *   header and `Accept: application/json` (XML otherwise). The answer's
 *   SMSMessageData.Recipients[] gives each number a statusCode (100 Processed, 101 Sent, 102 Queued;
 *   401 RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType,
 *   405 InsufficientBalance, 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection,
 *   500 InternalServerError, 501 GatewayError, 502 RejectedByGateway), a status and a messageId.
 *   A wrong key or username answers HTTP 401 "The supplied authentication is invalid".
 * - delivery reports: https://developers.africastalking.com/docs/sms/notifications
 *   (also http://docs.africastalking.com/sms/deliveryreports): POSTed, form-encoded, to the one
 *   callback URL set in the dashboard (SMS > SMS Callback URLs > Delivery Reports), with `id`,
 *   `status` (Sent, Submitted, Buffered, Rejected, Success, Failed; the last three final),
 *   `phoneNumber`, `networkCode` and, for Rejected and Failed, `failureReason`. They are not
 *   signed: the secret in that URL is what proves them (decision 019).
 */

export interface AfricasTalkingSettings {
  url: string;
  username: string;
  apiKey: string;
  senderId?: string;
}

/** Statuses of a recipient that took the message. */
const TAKEN = new Set([100, 101, 102]);
/** Statuses that refuse this message for good; the others are the account's (credit, sender id, risk hold) or a passing failure. */
const REFUSED = new Set([403, 404, 406, 407, 409, 502]);

const sendAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z.array(z.looseObject({ statusCode: z.number(), status: z.string(), messageId: z.string().optional() })),
  }),
});

const LABEL = "Africa's Talking";

export function africasTalkingProvider(settings: AfricasTalkingSettings): SmsProvider {
  return {
    name: 'africastalking',
    async send(message) {
      const form = new URLSearchParams({ username: settings.username, to: message.to, message: message.body });
      if (settings.senderId) form.set('from', settings.senderId);
      const { status, body } = await callProvider(LABEL, settings.url, {
        method: 'POST',
        headers: { apiKey: settings.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (status < 200 || status >= 300) throw new SmsProviderUnavailable(`${LABEL} answered HTTP ${status}`, status);
      const answer = sendAnswer.safeParse(body);
      if (!answer.success) throw new SmsProviderUnavailable(`${LABEL} answered in an unknown shape`, status);
      const [recipient] = answer.data.SMSMessageData.Recipients;
      // No recipient at all: the request as a whole was turned away (InvalidSenderId, say), in Message.
      if (!recipient)
        throw new SmsProviderUnavailable(`${LABEL} sent nothing: ${answer.data.SMSMessageData.Message ?? 'no reason'}`);
      const reason = `${LABEL} refused the message: ${recipient.status} (${recipient.statusCode})`;
      if (REFUSED.has(recipient.statusCode)) throw new PermanentJobError(reason);
      if (!TAKEN.has(recipient.statusCode) || !recipient.messageId) throw new SmsProviderUnavailable(reason);
      return { status: 'sent', providerMessageId: recipient.messageId };
    },
  };
}

/** A delivery report's fields, form-encoded (they arrive as strings); others are ignored. */
export const africasTalkingReportSchema = z.object({
  id: requiredText(200, 'A report names its message (id)'),
  status: requiredText(50, 'A report has a status'),
  phoneNumber: optionalText(50).optional(),
  networkCode: optionalText(20).optional(),
  failureReason: optionalText(200).optional(),
});

/** What a report says: Success is delivered, Rejected and Failed are failed with the reason given; the rest are on the way. */
export function readAfricasTalkingReport(report: z.infer<typeof africasTalkingReportSchema>): {
  providerMessageId: string;
  outcome: ReportedOutcome;
} {
  const failed = report.status === 'Rejected' || report.status === 'Failed';
  return {
    providerMessageId: report.id,
    outcome:
      report.status === 'Success'
        ? { status: 'delivered' }
        : failed
          ? { status: 'failed', reason: report.failureReason ? `${report.status}: ${report.failureReason}` : report.status }
          : undefined,
  };
}
