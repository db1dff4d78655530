import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/status.js';

/**
 * Topics a client may subscribe to. The server checks each subscription:
 * restaurant:<id> for its owner and managers, orders:ready for verified drivers,
 * driver:<userId> for that driver, order:<id> for that order's customer; admins may see all.
 */
export const topicSchema = z.string().regex(/^(restaurant:[0-9a-f-]{36}|orders:ready|driver:[0-9a-f-]{36}|order:[0-9a-f-]{36})$/);
export type Topic = z.infer<typeof topicSchema>;

export const topics = {
  restaurant: (id: string) => `restaurant:${id}`,
  ordersReady: () => 'orders:ready',
  driver: (userId: string) => `driver:${userId}`,
  order: (id: string) => `order:${id}`,
} as const;

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
  }),
  z.object({
    topic: z.string(),
    type: z.literal('driver.location'),
    driverId: z.uuid(),
    latitude: z.number(),
    longitude: z.number(),
    orderId: z.uuid().optional(),
  }),
  z.object({
    topic: z.string(),
    type: z.literal('driver.updated'),
    driverId: z.uuid(),
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

/** Close codes of the realtime socket, from the range WebSocket leaves to applications. */
export const REALTIME_CLOSE = {
  /** No valid access token was sent first: reconnect only with another token. */
  unauthorized: 4401,
  /** The access token ran out: reconnect at once with a fresh one. */
  tokenExpired: 4001,
  /** The access token was outdated (a role or verification changed): refresh it, then reconnect. */
  tokenRevoked: 4002,
  /** The session was ended (sign-out, password reset, account disabled or deleted): sign in again. */
  sessionEnded: 4403,
} as const;
