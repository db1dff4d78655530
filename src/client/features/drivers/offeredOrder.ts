import type { AvailableOrderView } from '@shared/orders/views.js';

/** A waiting order dispatch offers this driver now. */
export type OfferedOrder = AvailableOrderView & { offerSecondsLeft: number };

export const isOffered = (order: AvailableOrderView): order is OfferedOrder => order.offerSecondsLeft !== null;
