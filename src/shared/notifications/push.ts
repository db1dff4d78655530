import { z } from 'zod';
import { boundedText } from '../fields.js';

/** The longest push endpoint kept: the services' own are a few hundred characters. */
const PUSH_ENDPOINT_MAX = 2048;

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push subscription needs the https address of a push service',
  notPushService: 'This address is not a push service this site sends to, so it cannot be registered',
  p256dhInvalid: "The subscription's p256dh key must be a P-256 public key (65 bytes, base64url)",
  authInvalid: "The subscription's auth secret must be 16 bytes, base64url",
} as const;

const endpointField = () =>
  boundedText(PUSH_ENDPOINT_MAX, `At most ${PUSH_ENDPOINT_MAX} characters`).pipe(
    z.url({ protocol: /^https?$/, message: PUSH_MESSAGES.endpointInvalid }),
  );

/**
 * A browser's PushSubscription as its toJSON() gives it (POST /api/push/subscriptions). The keys
 * are what RFC 8291 encrypts for: an uncompressed P-256 point (its first byte 4, so its first
 * base64url character B) and a 16-byte secret, each with or without padding.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointField(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, PUSH_MESSAGES.p256dhInvalid),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(?:==)?$/, PUSH_MESSAGES.authInvalid),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: the device's endpoint, removed only if it is the caller's. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointField() });

/** GET /api/push/key: the server's VAPID public key, the applicationServerKey browsers subscribe with. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What a push message carries to the service worker, which shows it: no personal data, only an order's short id and counts. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's page to open when the notification is tapped (a path of this origin). */
  url: string;
  /** Notifications with one tag replace each other: one per order and event. */
  tag: string;
}
