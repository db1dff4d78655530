import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushMessage } from '@shared/notifications/push.js';
import { isPushServiceEndpoint, type PushServiceOrigin } from '../../core/pushServices.js';
import type { Queryable } from '../../db/client.js';
import type { JobData } from '../../jobs/queues.js';
import { deleteSubscription, liveSubscriptionsOf } from './repository.js';
import type { Vapid } from './vapid.js';

/** An order's alert a quarter of an hour old is news the board or dashboard has given already. */
const TTL_SECONDS = 15 * 60;
const TIMEOUT_MS = 10_000;

export interface PushDeps {
  db: Queryable;
  vapid: Vapid;
  origins: readonly PushServiceOrigin[];
  log: FastifyBaseLogger;
}

interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service's answer means for the device: taken, gone for good (404, 410), worth another try, or refused. */
type Outcome = 'sent' | 'gone' | 'retry' | { refused: number };

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return { refused: status };
}

/**
 * Encrypts the message for the device (RFC 8291, aes128gcm) and signs the request with the VAPID
 * key (RFC 8292) through web-push, then POSTs it with fetch rather than web-push's own https
 * request: no redirect is followed (the endpoint was checked, where it would lead was not), a
 * slow service is given up on, and a test's push service may be plain http on loopback.
 */
async function sendToDevice(vapid: Vapid, device: Device, payload: string, topic: string): Promise<Outcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
      topic,
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return outcomeOf(response.status);
  } catch {
    return 'retry';
  }
}

/**
 * The `push` job: the message to every device of the user whose session is live. A device the
 * push service says is gone (404, 410), or whose endpoint is no longer on PUSH_SERVICE_ORIGINS,
 * is dropped. When a service is down (5xx, 429, no answer) the job throws and is retried, and
 * every device gets the message again: the tag makes the device show it once.
 */
export async function deliverPush(deps: PushDeps, data: JobData['push']): Promise<void> {
  const { db, vapid, origins, log } = deps;
  const message: PushMessage = { title: data.title, body: data.body, url: data.url, tag: data.title };
  const payload = JSON.stringify(message);
  // A push service keeps one undelivered message per topic: a repeat replaces the earlier copy.
  const topic = createHash('sha256').update(message.tag).digest('base64url').slice(0, 32);
  const devices = await liveSubscriptionsOf(db, data.userId);
  let unsent = 0;
  await Promise.all(
    devices.map(async (device) => {
      if (!isPushServiceEndpoint(origins, device.endpoint)) return deleteSubscription(db, device.id);
      const outcome = await sendToDevice(vapid, device, payload, topic);
      if (outcome === 'gone') return deleteSubscription(db, device.id);
      if (outcome === 'retry') unsent += 1;
      // The status only: an endpoint names one person's browser.
      else if (typeof outcome === 'object') log.warn({ status: outcome.refused }, 'a push service refused a message');
    }),
  );
  if (unsent > 0) throw new Error(`${unsent} of ${devices.length} push services did not take the message; trying again`);
}
