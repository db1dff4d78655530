import type { NotificationKind } from '@shared/notifications/kinds.js';
import type { SmsProviderName } from '../../config.js';

/** An SMS as a provider is asked to send it: `to` in E.164. */
export interface OutgoingSms {
  to: string;
  body: string;
  kind: NotificationKind;
}

/** What became of an SMS a provider took: sent with the provider's id for it, or only logged (no provider set). */
export type Handover = { status: 'sent'; providerMessageId: string } | { status: 'logged' };

/**
 * One way of sending SMS, picked by SMS_PROVIDER (providers.ts). `send` throws to be tried again
 * later (the provider cannot be reached, is failing, or refuses the account until the operator
 * acts: keys, credit), or throws PermanentJobError when it refuses this message for good (an
 * invalid or barred number): trying again cannot help.
 */
export interface SmsProvider {
  /** Recorded on each row it takes; delivery reports find their row by it and the provider's id. */
  readonly name: SmsProviderName | 'log';
  send(message: OutgoingSms): Promise<Handover>;
}

/** A provider that could not take a message for now; `responseCode` (its HTTP status, if any) goes to the job's log line. */
export class SmsProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SmsProviderUnavailable';
  }
}

/** A provider is a network away: a send waits this long, well inside the job's expiry (jobs/queues.ts). */
const SEND_TIMEOUT_MS = 15_000;

/** Asks a provider over HTTP: its status and its answer read as JSON (undefined when it is not). */
export async function callProvider(label: string, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  } catch (err) {
    throw new SmsProviderUnavailable(`${label} could not be reached`, undefined, { cause: err });
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/** What a delivery report says happened to a message the provider took; undefined while it is still on its way. */
export type ReportedOutcome = { status: 'delivered' } | { status: 'failed'; reason: string } | undefined;
