import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { availableOrderPageSchema, deliveryPageSchema, type AvailableOrderView } from '@shared/orders/views.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { AlertSound } from '@/components/notifications/alertSound.js';
import { RealtimeProvider } from '@/lib/RealtimeProvider.js';
import { fakeServer, gate, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { readyOrder } from '@/test/availableOrders.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { toastTitlesShown } from '@/test/toasts.js';
import { availableOrdersQuery, deliveriesQuery } from './driverApi.js';
import { useDriverRealtime } from './useDriverRealtime.js';

const session = sessionFor('driver');
const CARD_ORDER = '0b6f1c2e-8d4a-4e6b-9f3c-5a7d2e1b4c60';
const CASH_ORDER = 'c4e8a1f2-3b5d-4c7e-8a9f-1d2b3c4e5f60';

const nowReady = (orderId: string): RealtimeEvent => ({
  topic: topics.ordersReady(),
  type: 'order.status',
  orderId,
  status: 'ready',
  driverId: null,
});

/** Dispatch gave this rider the order: the event on orders:ready, then on the rider's own topic. */
const givenToMe = (orderId: string): RealtimeEvent[] =>
  [topics.ordersReady(), topics.driver(session.user.id)].map((topic) => ({
    topic,
    type: 'order.status',
    orderId,
    status: 'accepted',
    driverId: session.user.id,
    assigned: true,
  }));

/** The driver dashboard's part under test: its two lists' queries and its realtime events. */
function DriverListening({ sound }: { sound: AlertSound }) {
  useQuery(availableOrdersQuery(true));
  useQuery(deliveriesQuery());
  useDriverRealtime({ driverId: session.user.id, verified: true, sound });
  return null;
}

/** Lists the server answers only once the test opens their gate (a slow network), while one is set. */
interface Slow {
  available?: ReturnType<typeof gate> | null;
  deliveries?: ReturnType<typeof gate> | null;
}

/** The rider listening, with the Available Orders list the server answers (`offered`, which the test may change) loaded. */
async function listening(offered: { items: AvailableOrderView[] }, slow: Slow = {}) {
  const server = fakeServer({
    'GET /api/orders/available': async () => {
      const items = offered.items;
      await slow.available?.passed;
      return reply(availableOrderPageSchema, { items, nextCursor: null });
    },
    'GET /api/orders/deliveries': async () => {
      await slow.deliveries?.passed;
      return reply(deliveryPageSchema, { items: [], nextCursor: null });
    },
  });
  const socket = fakeSocket();
  const sound: AlertSound = { on: true, blocked: false, toggle: () => undefined, alert: vi.fn() };
  renderPage(
    <RealtimeProvider open={() => socket.connection}>
      <DriverListening sound={sound} />
    </RealtimeProvider>,
    { session },
  );
  await waitFor(() => expect(socket.listening(topics.ordersReady())).toBe(true));
  await waitFor(() => expect(server.sent('GET', '/api/orders/available')).toHaveLength(1));
  return { socket, sound, server };
}

describe("the driver's alert for a new ready order", () => {
  it('rings for an order the refetched Available Orders list offers, and stays silent for one it leaves out (a cash order while over the cash limit)', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const { socket, sound } = await listening(offered);

    // The server offers this rider card orders only: the cash order is never in their list.
    offered.items = [readyOrder(CARD_ORDER, 'paystack-card')];
    socket.raise(nowReady(CASH_ORDER));
    socket.raise(nowReady(CARD_ORDER));

    expect(await screen.findByText(`Order ${shortOrderId(CARD_ORDER)}`)).toBeTruthy();
    expect(screen.getByText(DRIVER_MESSAGES.newOrder)).toBeTruthy();
    expect(screen.queryByText(`Order ${shortOrderId(CASH_ORDER)}`)).toBeNull();
    expect(sound.alert).toHaveBeenCalledTimes(1);
  });

  it('stays silent for an order the rider declined when it is ready again, and rings for another', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const { socket, sound } = await listening(offered);

    // The server still lists the order the rider gave back, marked declined: they may take it again.
    offered.items = [{ ...readyOrder(CASH_ORDER, 'cash'), declined: true }, readyOrder(CARD_ORDER, 'paystack-card')];
    socket.raise(nowReady(CASH_ORDER));
    socket.raise(nowReady(CARD_ORDER));

    expect(await screen.findByText(`Order ${shortOrderId(CARD_ORDER)}`)).toBeTruthy();
    expect(screen.queryByText(`Order ${shortOrderId(CASH_ORDER)}`)).toBeNull();
    expect(screen.getAllByText(DRIVER_MESSAGES.newOrder)).toHaveLength(1);
    expect(sound.alert).toHaveBeenCalledTimes(1);
  });

  it('shows one toast for an order dispatch gives the rider just after it was announced ready: the assignment', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const { socket } = await listening(offered);

    // The list answered before dispatch gave the order away, so it was announced as ready.
    offered.items = [readyOrder(CARD_ORDER, 'paystack-card')];
    socket.raise(nowReady(CARD_ORDER));
    expect(await screen.findByText(DRIVER_MESSAGES.newOrder)).toBeTruthy();
    offered.items = [];
    for (const event of givenToMe(CARD_ORDER)) socket.raise(event);

    expect(await screen.findByText(DRIVER_MESSAGES.assigned)).toBeTruthy();
    expect(toastTitlesShown()).toEqual([DRIVER_MESSAGES.assigned]);
  });

  it('tells the rider support took an order off them, and does not ring it as a new ready order once it waits again', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const { socket, sound, server } = await listening(offered);

    offered.items = [readyOrder(CARD_ORDER, 'paystack-card')];
    socket.raise({
      topic: topics.driver(session.user.id),
      type: 'order.status',
      orderId: CARD_ORDER,
      status: 'ready',
      driverId: null,
    });
    socket.raise(nowReady(CARD_ORDER));

    expect(await screen.findByText(DRIVER_MESSAGES.takenFromYou)).toBeTruthy();
    await waitFor(() => expect(server.sent('GET', '/api/orders/available').length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByText(DRIVER_MESSAGES.newOrder)).toBeNull();
    expect(screen.getByText(DRIVER_MESSAGES.takenFromYou)).toBeTruthy();
    expect(sound.alert).not.toHaveBeenCalled();
  });

  it('rings once for an order dispatch offers the rider, as an offer rather than as a new ready order', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const { socket, sound, server } = await listening(offered);

    // The order is ready and offered to this rider: the refetched list has it with its seconds left.
    offered.items = [{ ...readyOrder(CARD_ORDER, 'paystack-card'), offerSecondsLeft: 45 }];
    socket.raise(nowReady(CARD_ORDER));
    socket.raise({
      topic: topics.driver(session.user.id),
      type: 'order.offer',
      orderId: CARD_ORDER,
      driverId: session.user.id,
      open: true,
    });

    expect(await screen.findByText(DRIVER_MESSAGES.offer)).toBeTruthy();
    await waitFor(() => expect(server.sent('GET', '/api/orders/available').length).toBeGreaterThanOrEqual(3));
    expect(sound.alert).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(DRIVER_MESSAGES.newOrder)).toBeNull();
  });

  it('never lets a ready announcement still waiting on its refetch replace an assignment heard meanwhile', async () => {
    const offered = { items: [] as AvailableOrderView[] };
    const slow: Slow = {};
    const { socket, server } = await listening(offered, slow);

    // Ready: Available Orders comes back with the order, My Deliveries is slow to answer.
    offered.items = [readyOrder(CARD_ORDER, 'paystack-card')];
    const deliveriesHeld = gate();
    slow.deliveries = deliveriesHeld;
    socket.raise(nowReady(CARD_ORDER));
    await waitFor(() => expect(server.sent('GET', '/api/orders/available')).toHaveLength(2));
    await waitFor(() => expect(server.sent('GET', '/api/orders/deliveries').length).toBeGreaterThanOrEqual(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Support gives the rider the order before that refetch ends, on a slow network: the lists it
    // refetches answer late, and its copy on orders:ready comes after the one on the rider's topic.
    const [onOrdersReady, onMyTopic] = givenToMe(CARD_ORDER);
    offered.items = [];
    const availableHeld = gate();
    slow.available = availableHeld;
    slow.deliveries = null;
    socket.raise(onMyTopic!);
    expect(await screen.findByText(DRIVER_MESSAGES.assigned)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTitlesShown()).toEqual([DRIVER_MESSAGES.assigned]);

    slow.available = null;
    availableHeld.open();
    deliveriesHeld.open();
    socket.raise(onOrdersReady!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastTitlesShown()).toEqual([DRIVER_MESSAGES.assigned]);
  });
});
