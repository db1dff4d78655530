import type { Role } from '../auth/roles.js';

/** How a message reaches a person; push goes to a device the user allowed it on instead. */
export const CHANNELS = ['sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Every kind of message a user can turn off per channel on /settings/notifications, with who
 * receives it and the channels it goes by. The delivery code is never in any of them.
 */
export const NOTIFICATION_KINDS = {
  'order-confirmed': {
    label: 'The kitchen accepted my order',
    role: 'customer',
    channels: ['sms', 'email'],
  },
  'order-ready': { label: 'My order is ready for a rider', role: 'customer', channels: ['email'] },
  'order-picked-up': {
    label: 'A rider picked up my order',
    role: 'customer',
    channels: ['sms', 'email'],
  },
  'order-delivered': { label: 'My order was delivered', role: 'customer', channels: ['sms', 'email'] },
  'order-cancelled': { label: 'My order was cancelled', role: 'customer', channels: ['sms', 'email'] },
  'order-waiting': {
    label: 'A new order is waiting for the kitchen',
    role: 'restaurant',
    channels: ['sms'],
  },
  'order-unassigned': {
    label: 'A ready order has no rider',
    role: 'admin',
    channels: ['sms'],
  },
} as const satisfies Record<string, { label: string; role: Role; channels: readonly Channel[] }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The alerts about an order left alone: to its owner when the kitchen has not moved it, to the admins when no rider has it. */
export const ORDER_ALERTS = ['waiting', 'unassigned'] as const;
export type OrderAlert = (typeof ORDER_ALERTS)[number];
