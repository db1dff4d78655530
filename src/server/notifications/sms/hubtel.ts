import { z } from 'zod';
import { optionalText, requiredText } from '@shared/fields.js';
import { PermanentJobError } from '../../jobs/jobs.js';
import { callProvider, SmsProviderUnavailable, type ReportedOutcome, type SmsProvider } from './provider.js';

/**
 * Hubtel's SMS API, as its documentation describes it:
 * - authentication: https://businessdocs-developers.hubtel.com/docs/getting-started-with-sms
 *   (HTTP Basic with the client id and client secret).
 * - sending: https://businessdocs-developers.hubtel.com/docs/simple-messaging: POST
 *   https://sms.hubtel.com/v1/messages/send with JSON `From` (the sender id), `To` and `Content`;
 *   the answer carries `messageId`, `status` (0: submitted) and `statusDescription`. The
 *   developer portal (https://docs-developers.hubtel.com) shows the same fields inside `data`.
 * - errors: https://hubtel.readme.io/reference/response-code: 400 (invalid destination, message
 *   too long, content rejected...), 401 authorization failed, 402 not enough credit, 403 the
 *   recipient has not agreed to receive messages, 500, 502.
 * - delivery status: https://businessdocs-developers.hubtel.com/docs/sms-status-check describes a
 *   message's status "based on the delivery receipt by the telco" (`messageId`, `status` such as
 *   Delivered, `updateTime`). The docs publish no delivery-report callback and no signature for
 *   one: a report is read in that documented shape, as JSON, on the secret URL (decision 019).
 */

export interface HubtelSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  sender: string;
}

/** Answers that refuse this message for good; 401 (keys) and 402 (credit) wait for the operator, 5xx pass. */
const REFUSED = new Set([400, 403]);

const sendAnswer = z.looseObject({ messageId: z.string().min(1) });
const answerOf = (body: unknown) =>
  sendAnswer.safeParse(body).data ?? sendAnswer.safeParse((body as { data?: unknown } | undefined)?.data).data;

const described = z.looseObject({ statusDescription: z.string().optional(), message: z.string().optional() });
const descriptionOf = (body: unknown) => {
  const text = described.safeParse(body).data;
  return (text?.statusDescription ?? text?.message ?? '').slice(0, 200);
};

const LABEL = 'Hubtel';

export function hubtelProvider(settings: HubtelSettings): SmsProvider {
  const authorization = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;
  return {
    name: 'hubtel',
    async send(message) {
      const { status, body } = await callProvider(LABEL, settings.url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        // Hubtel's examples give numbers in international form without the plus.
        body: JSON.stringify({ From: settings.sender, To: message.to.replace(/^\+/, ''), Content: message.body }),
      });
      if (status < 200 || status >= 300) {
        const description = descriptionOf(body);
        const reason = `${LABEL} answered HTTP ${status}${description ? `: ${description}` : ''}`;
        throw REFUSED.has(status) ? new PermanentJobError(reason) : new SmsProviderUnavailable(reason, status);
      }
      const answer = answerOf(body);
      if (!answer) throw new SmsProviderUnavailable(`${LABEL} answered in an unknown shape`, status);
      return { status: 'sent', providerMessageId: answer.messageId };
    },
  };
}

/** A report: the message object of Hubtel's status check, as JSON; other fields are ignored. */
export const hubtelReportSchema = z.object({
  messageId: requiredText(200, 'A report names its message (messageId)'),
  status: requiredText(50, 'A report has a status'),
  updateTime: optionalText(50).optional(),
});

/** Receipt statuses that end in failure; the docs name Delivered only, these are the usual telco words for the rest. */
const FAILED = new Set(['undeliverable', 'undelivered', 'failed', 'rejected', 'expired']);

/** What a report says: Delivered is delivered, a failing status is failed with that status as the reason; the rest are on the way. */
export function readHubtelReport(report: z.infer<typeof hubtelReportSchema>): {
  providerMessageId: string;
  outcome: ReportedOutcome;
} {
  const status = report.status.toLowerCase();
  return {
    providerMessageId: report.messageId,
    outcome:
      status === 'delivered'
        ? { status: 'delivered' }
        : FAILED.has(status)
          ? { status: 'failed', reason: report.status }
          : undefined,
  };
}
