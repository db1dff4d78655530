import { z } from 'zod';
import { uuidSchema } from '../fields.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { PAYOUT_STATUSES } from '../payouts/kinds.js';

/**
 * Every kind of realtime topic, named once: its prefix and whether a uuid follows it. The
 * builders (`topics`), the parser (`parseTopic`) and `topicSchema` are all derived from this
 * table. Who may subscribe to each kind is answered by the server's policy:
 * restaurant:<id> for those who see its orders or sales, orders:ready for verified drivers,
 * driver:<userId> for that driver, order:<id> for that order's customer, catalog:<restaurantId>
 * (its hours, pause and menu changed) for anyone signed in, orders:all (every order's events)
 * for admins alone, operations (riders' availability and positions, for the live operations view)
 * for admins alone, payouts (a payout sent, paid, failed or reversed) for admins alone; admins may
 * see all.
 */
const TOPIC_KINDS = {
  restaurant: { prefix: 'restaurant', withId: true },
  ordersReady: { prefix: 'orders:ready', withId: false },
  allOrders: { prefix: 'orders:all', withId: false },
  operations: { prefix: 'operations', withId: false },
  payouts: { prefix: 'payouts', withId: false },
  driver: { prefix: 'driver', withId: true },
  order: { prefix: 'order', withId: true },
  catalog: { prefix: 'catalog', withId: true },
} as const;
export type TopicKind = keyof typeof TOPIC_KINDS;
type IdTopicKind = { [K in TopicKind]: (typeof TOPIC_KINDS)[K]['withId'] extends true ? K : never }[TopicKind];

/** A topic taken apart: its kind and, for kinds that have one, its id in lower case. */
export type ParsedTopic = { kind: IdTopicKind; id: string } | { kind: Exclude<TopicKind, IdTopicKind> };

/** A topic as the server names it: built by `topics` or read by `topicSchema`, ids always in lower case. */
export type Topic = string;

const MAX_TOPIC_LENGTH = 100;
const topicId = uuidSchema();
const KIND_LIST = Object.entries(TOPIC_KINDS) as [TopicKind, (typeof TOPIC_KINDS)[TopicKind]][];

const nameOf = (kind: TopicKind, id?: string) =>
  TOPIC_KINDS[kind].withId ? `${TOPIC_KINDS[kind].prefix}:${id?.toLowerCase()}` : TOPIC_KINDS[kind].prefix;

export const topics = Object.fromEntries(KIND_LIST.map(([kind]) => [kind, (id?: string) => nameOf(kind, id)])) as {
  [K in TopicKind]: (typeof TOPIC_KINDS)[K]['withId'] extends true ? (id: string) => Topic : () => Topic;
};

/** The kind and id of a topic name, or null for anything that is not one (never throws). */
export function parseTopic(text: unknown): ParsedTopic | null {
  if (typeof text !== 'string' || text.length > MAX_TOPIC_LENGTH) return null;
  for (const [kind, { prefix, withId }] of KIND_LIST) {
    if (!withId) {
      if (text === prefix) return { kind } as ParsedTopic;
      continue;
    }
    if (!text.startsWith(`${prefix}:`)) continue;
    const id = topicId.safeParse(text.slice(prefix.length + 1));
    return id.success ? { kind, id: id.data } : null;
  }
  return null;
}

/** The name of a parsed topic. */
export const topicName = (topic: ParsedTopic): Topic => nameOf(topic.kind, 'id' in topic ? topic.id : undefined);

const TOPIC_MESSAGE = 'That is not a topic you can follow';

/** A topic a client sends: validated by the parser and handed on in its one spelling (ids lower-cased). */
export const topicSchema = z
  .string({ message: TOPIC_MESSAGE })
  .max(MAX_TOPIC_LENGTH, TOPIC_MESSAGE)
  .transform((text, ctx) => {
    const parsed = parseTopic(text);
    if (parsed) return topicName(parsed);
    ctx.addIssue({ code: 'custom', message: TOPIC_MESSAGE });
    return z.NEVER;
  });

export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({
    topic: z.string(),
    type: z.literal('order.created'),
    orderId: z.uuid(),
    status: z.enum(ORDER_STATUSES),
  }),
  z.object({
    topic: z.string(),
    type: z.literal('order.status'),
    orderId: z.uuid(),
    status: z.enum(ORDER_STATUSES),
    driverId: z.uuid().nullable().optional(),
    /** Set when dispatch or support gave the order to driverId, rather than the driver taking it. */
    assigned: z.literal(true).optional(),
  }),
  /** An order offered to a driver for a while (open), or that offer's end: accepted, declined, missed or withdrawn. */
  z.object({
    topic: z.string(),
    type: z.literal('order.offer'),
    orderId: z.uuid(),
    driverId: z.uuid(),
    open: z.boolean(),
  }),
  /** The order's rider is at the door and waits until waitEndsAt for the customer (decision 030). */
  z.object({
    topic: z.string(),
    type: z.literal('order.waiting'),
    orderId: z.uuid(),
    waitEndsAt: z.iso.datetime(),
  }),
  z.object({
    topic: z.string(),
    type: z.literal('driver.location'),
    driverId: z.uuid(),
    latitude: z.number(),
    longitude: z.number(),
    orderId: z.uuid().optional(),
    /** When the server stored it (ISO 8601); the operations view shows the position's age from it. */
    at: z.iso.datetime().optional(),
  }),
  z.object({
    topic: z.string(),
    type: z.literal('driver.updated'),
    driverId: z.uuid(),
  }),
  /** A ready order found no rider: admins are alerted to assign it by hand (orders/noRiderAlert.ts). */
  z.object({
    topic: z.string(),
    type: z.literal('dispatch.no_rider'),
    orderId: z.uuid(),
  }),
  /** A payout was made (queued) or Paystack's word moved it (sent, waiting for an OTP, paid, failed or reversed): the admins' payouts page and the payee's statement and earnings read again. */
  z.object({
    topic: z.string(),
    type: z.literal('payout.moved'),
    payoutId: z.uuid(),
    status: z.enum(PAYOUT_STATUSES),
  }),
  /** A restaurant, its hours, pause or menu changed: whoever shows it reads it again. */
  z.object({
    topic: z.string(),
    type: z.literal('catalog.changed'),
    restaurantId: z.uuid(),
  }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Messages the browser sends over the socket. The first one must be `auth`. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Messages the server sends: `ready` once the token is accepted, events, and answers. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('event'), event: realtimeEventSchema }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('unsubscribed'), topic: z.string() }),
  z.object({ type: z.literal('error'), topic: z.string().optional(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Close codes of the realtime socket: WebSocket's own policy and restart codes, and others from the range it leaves to applications. */
export const REALTIME_CLOSE = {
  /** No valid access token was sent first: reconnect only with another token. */
  unauthorized: 4401,
  /** The access token ran out: reconnect at once with a fresh one. */
  tokenExpired: 4001,
  /** The access token was outdated (a role or verification changed): refresh it, then reconnect. */
  tokenRevoked: 4002,
  /** The session was ended (sign-out, password reset, account disabled or deleted): sign in again. */
  sessionEnded: 4403,
  /** The client sent too much (too fast, too many refused topics or sockets): reconnect only after a long wait. */
  policyViolation: 1008,
  /** The server is stopping (a restart or a deployment): reconnect, which reaches another instance, and refetch. */
  serviceRestart: 1012,
} as const;
