import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { operationsSchema, type Operations, type OperationsRider } from '@shared/admin/operations.js';
import { publicConfigSchema } from '@shared/config.js';
import { STATUS_LABELS } from '@shared/orders/status.js';
import { orderMovedSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import OperationsPage from './OperationsPage.js';

// Leaflet draws nothing in jsdom: the lists carry everything the tests look at.
vi.mock('./OperationsMap.js', () => ({ default: () => <div>Map</div> }));

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CARRIED_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NEAR_ID = '11111111-1111-4111-8111-111111111111';
const FAR_ID = '22222222-2222-4222-8222-222222222222';
const BUSY_ID = '33333333-3333-4333-8333-333333333333';

const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();

const rider = (id: string, fullName: string, latitude: number, extra: Partial<OperationsRider> = {}): OperationsRider => ({
  id,
  fullName,
  isAvailable: true,
  latitude,
  longitude: -0.187,
  lastLocationUpdate: ago(12_000),
  carrying: [],
  ...extra,
});

const viewOf = (parts: Partial<Operations> = {}): Operations => ({
  serverTime: new Date(now).toISOString(),
  waiting: [
    {
      id: ORDER_ID,
      shortId: ORDER_ID.slice(0, 8),
      status: 'ready',
      restaurantName: 'Osu Chop Bar',
      restaurantLatitude: 5.6,
      restaurantLongitude: -0.187,
      readyAt: ago(4 * 60_000 + 5_000),
      driverId: null,
      driverName: null,
      offeredTo: 'Kwame Far',
    },
  ],
  onTheRoad: [
    {
      id: CARRIED_ID,
      shortId: CARRIED_ID.slice(0, 8),
      status: 'accepted',
      restaurantName: 'Labone Grill',
      restaurantLatitude: 5.61,
      restaurantLongitude: -0.18,
      readyAt: ago(9 * 60_000),
      driverId: BUSY_ID,
      driverName: 'Esi Busy',
      offeredTo: null,
    },
  ],
  riders: [
    rider(FAR_ID, 'Kwame Far', 5.7),
    rider(BUSY_ID, 'Esi Busy', 5.61, {
      isAvailable: false,
      lastLocationUpdate: ago(3 * 60_000),
      carrying: [{ id: CARRIED_ID, shortId: CARRIED_ID.slice(0, 8), status: 'accepted' }],
    }),
    rider(NEAR_ID, 'Ama Near', 5.601),
  ],
  limit: 500,
  ...parts,
});

function serve(view: () => Operations) {
  return fakeServer({
    'GET /api/admin/operations': () => reply(operationsSchema, view()),
    'GET /api/config': () =>
      reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
    'POST /api/admin/orders/:id/reassign': ({ params }) =>
      reply(orderMovedSchema, {
        id: params.id!,
        shortId: params.id!.slice(0, 8),
        status: 'accepted',
        statusLabel: 'Accepted',
        driverId: NEAR_ID,
      }),
    'POST /api/admin/orders/:id/take-back': ({ params }) =>
      reply(orderMovedSchema, {
        id: params.id!,
        shortId: params.id!.slice(0, 8),
        status: 'ready',
        statusLabel: 'Ready',
        driverId: null,
      }),
  });
}

const waitingList = () => screen.getByRole('region', { name: /Waiting for a rider/ });
const ridersList = () => screen.getByRole('region', { name: /Riders online/ });

describe('the live operations view', () => {
  it('lists the orders waiting with how long and whom they are offered to, and the riders online with their position age and what they carry', async () => {
    serve(() => viewOf());
    renderPage(<OperationsPage />, { session: sessionFor('admin') });

    const order = await screen.findByRole('article', { name: `Order ${ORDER_ID.slice(0, 8)}` });
    expect(within(order).getByText('Osu Chop Bar')).toBeTruthy();
    expect(within(order).getByText('waiting 4 min')).toBeTruthy();
    expect(within(order).getByText('Offered to Kwame Far, waiting for an answer')).toBeTruthy();
    expect(within(waitingList()).getByRole('heading', { name: 'Waiting for a rider (1)' })).toBeTruthy();

    const busy = within(ridersList()).getByRole('article', { name: 'Esi Busy' });
    expect(within(busy).getByText('position 3 min ago')).toBeTruthy();
    expect(within(busy).getByText('Unavailable')).toBeTruthy();
    expect(within(busy).getByText(STATUS_LABELS.accepted, { exact: false })).toBeTruthy();
    expect(within(busy).getByRole('button', { name: `Take back order ${CARRIED_ID.slice(0, 8)}` })).toBeTruthy();
    expect(within(busy).getByRole('button', { name: `Reassign order ${CARRIED_ID.slice(0, 8)}` })).toBeTruthy();
    const near = within(ridersList()).getByRole('article', { name: 'Ama Near' });
    expect(within(near).getByText(/position 1\d s ago/)).toBeTruthy();
    expect(within(near).getByText(/carrying nothing/)).toBeTruthy();
  });

  it('says so when nothing waits and nobody is online, and offers to try again after a failed read', async () => {
    let fail = true;
    fakeServer({
      'GET /api/admin/operations': () =>
        fail
          ? refuse(500, { code: 'internal', message: 'boom' })
          : reply(operationsSchema, viewOf({ waiting: [], onTheRoad: [], riders: [] })),
      'GET /api/config': () =>
        reply(publicConfigSchema, { tileUrl: '', cardPayments: { enabled: false, publicKey: null, scriptUrl: '' } }),
    });
    const { user } = renderPage(<OperationsPage />, { session: sessionFor('admin') });
    expect(await screen.findByText('Failed to load operations')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No order is waiting for a rider')).toBeTruthy();
    expect(screen.getByText('No rider is online')).toBeTruthy();
  });

  it('assigns a waiting order to a rider chosen among the nearest first', async () => {
    const server = serve(() => viewOf());
    const { user } = renderPage(<OperationsPage />, { session: sessionFor('admin') });
    await user.click(await screen.findByRole('button', { name: `Assign order ${ORDER_ID.slice(0, 8)}` }));

    const dialog = screen.getByRole('dialog', { name: `Assign order ${ORDER_ID.slice(0, 8)}` });
    const choices = within(dialog).getAllByRole('radio');
    const names = choices.map((choice) => choice.closest('label')?.textContent ?? '');
    expect(names[0]).toMatch(/^Ama Near110\u00a0m away · position 1\d s ago · carrying nothing$/);
    expect(names[1]).toMatch(/^Esi Busy/);
    expect(names[1]).toContain(`carrying ${CARRIED_ID.slice(0, 8)} (${STATUS_LABELS.accepted})`);
    expect(names[2]).toMatch(/^Kwame Far11\.1\u00a0km away/);

    await user.click(choices[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Give to Ama Near' }));
    await waitFor(() => expect(server.sent('POST', `/api/admin/orders/${ORDER_ID}/reassign`)).toHaveLength(1));
    expect(server.sent('POST', `/api/admin/orders/${ORDER_ID}/reassign`)[0]?.body).toEqual({ driverId: NEAR_ID });
    expect(await screen.findByText('Order assigned')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes an accepted order back from its rider once the admin confirms', async () => {
    const server = serve(() => viewOf());
    const { user } = renderPage(<OperationsPage />, { session: sessionFor('admin') });
    await user.click(await screen.findByRole('button', { name: `Take back order ${CARRIED_ID.slice(0, 8)}` }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(/Esi Busy is told at once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(server.sent('POST', `/api/admin/orders/${CARRIED_ID}/take-back`)).toHaveLength(1));
    expect(await screen.findByText('Order taken back')).toBeTruthy();
  });

  it('follows the events live: an alert of an order no rider took, positions on the spot, and moves read again', async () => {
    let view = viewOf();
    const server = serve(() => view);
    const realtime = fakeSocket();
    renderPage(<OperationsPage />, { session: sessionFor('admin'), realtime });
    await screen.findByRole('article', { name: `Order ${ORDER_ID.slice(0, 8)}` });
    await waitFor(() => expect(realtime.listening(topics.operations()) && realtime.listening(topics.allOrders())).toBe(true));
    const reads = () => server.sent('GET', '/api/admin/operations').length;
    const readsBefore = reads();

    act(() =>
      realtime.raise({
        topic: topics.operations(),
        type: 'driver.location',
        driverId: FAR_ID,
        latitude: 5.65,
        longitude: -0.19,
        at: new Date().toISOString(),
      }),
    );
    const far = within(ridersList()).getByRole('article', { name: 'Kwame Far' });
    await waitFor(() => expect(within(far).getByText(/position [0-2] s ago/)).toBeTruthy());

    // A rider online but unavailable and carrying nothing is not listed: their position changes nothing.
    act(() =>
      realtime.raise({
        topic: topics.operations(),
        type: 'driver.location',
        driverId: '44444444-4444-4444-8444-444444444444',
        latitude: 5.62,
        longitude: -0.19,
        at: new Date().toISOString(),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(reads()).toBe(readsBefore);

    act(() => realtime.raise({ topic: topics.allOrders(), type: 'dispatch.no_rider', orderId: ORDER_ID }));
    expect(await screen.findByText('No rider found')).toBeTruthy();
    const order = screen.getByRole('article', { name: `Order ${ORDER_ID.slice(0, 8)}` });
    expect(within(order).getByText('No rider')).toBeTruthy();

    view = viewOf({ waiting: [] });
    act(() =>
      realtime.raise({
        topic: topics.allOrders(),
        type: 'order.status',
        orderId: ORDER_ID,
        status: 'accepted',
        driverId: NEAR_ID,
      }),
    );
    await waitFor(() => expect(screen.getByText('No order is waiting for a rider')).toBeTruthy(), { timeout: 3000 });
    expect(reads()).toBe(readsBefore + 1);
  });
});
