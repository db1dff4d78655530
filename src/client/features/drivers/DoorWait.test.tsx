import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doorWaitSchema, NOT_AVAILABLE_MESSAGES as M, type DoorWait } from '@shared/orders/notAvailable.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { deliveryPageSchema, orderMovedSchema, type DeliveryView } from '@shared/orders/views.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { carriedOrder, readyOrder } from '@/test/availableOrders.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { deliveriesQuery } from './driverApi.js';
import { DeliveryList } from './DeliveryList.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** An order the rider picked up, out for delivery, before any wait at the door. */
const outForDelivery = (doorWait: DoorWait | null = null): DeliveryView =>
  carriedOrder(readyOrder(ORDER_ID, 'cash'), {
    status: 'picked_up',
    statusLabel: 'Out for Delivery',
    totalAmount: 5000,
    customerName: 'Kwame Asante',
    deliveryPhone: '+233 24 123 4567',
    doorWait,
  });

const waitEndingIn = (ms: number): DoorWait => ({
  startedAt: new Date(Date.now() + ms - 10 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + ms).toISOString(),
});

function Deliveries() {
  return <DeliveryList deliveries={useQuery(deliveriesQuery())} />;
}

/** The rider's deliveries, read from a fake server whose wait and close change what it lists; `refusal` answers the close instead. */
function openDeliveries(initial: DeliveryView, refusal?: Response) {
  let delivery: DeliveryView | null = initial;
  const server = fakeServer({
    'GET /api/orders/deliveries': () => reply(deliveryPageSchema, { items: delivery ? [delivery] : [], nextCursor: null }),
    'POST /api/orders/:id/wait': () => {
      if (!delivery) return refuse(404, { code: 'not_found', message: 'Order not found' });
      delivery = { ...delivery, doorWait: waitEndingIn(10 * 60_000) };
      return reply(doorWaitSchema, delivery.doorWait!);
    },
    'POST /api/orders/:id/not-available': () => {
      if (refusal) return refusal;
      delivery = null;
      return reply(orderMovedSchema, {
        id: ORDER_ID,
        shortId: shortOrderId(ORDER_ID),
        status: 'customer_unavailable',
        statusLabel: 'Customer not available',
        driverId: '7d1b6a52-4c3e-4f0a-9b1d-2e3f4a5b6c7d',
      });
    },
  });
  return { server, ...renderPage(<Deliveries />, { path: '/driver', session: sessionFor('driver') }) };
}

const liveRegion = () => document.querySelector('[aria-live="polite"]');

describe("the rider's wait at the door", () => {
  it('starts the wait from the server and counts it down, telling screen readers the minutes left', async () => {
    const { user, server } = openDeliveries(outForDelivery());
    await user.click(await screen.findByRole('button', { name: 'Start waiting' }));

    const close = await screen.findByRole<HTMLButtonElement>('button', { name: 'Customer not available' });
    expect(server.sent('POST', `/api/orders/${ORDER_ID}/wait`)).toHaveLength(1);
    expect(close.disabled).toBe(true);
    expect(screen.getByText(/^(10:00|9:5\d)$/)).toBeTruthy();
    expect(liveRegion()?.textContent).toBe('10 minutes left to wait for the customer');
    expect(screen.queryByRole('button', { name: 'Start waiting' })).toBeNull();
  });

  it('after a reload shows the running wait as the server has it, and lets the rider close once it is over', async () => {
    openDeliveries(outForDelivery(waitEndingIn(1500)));
    const close = await screen.findByRole<HTMLButtonElement>('button', { name: 'Customer not available' });
    expect(close.disabled).toBe(true);
    expect(liveRegion()?.textContent).toBe('1 minute left to wait for the customer');
    await waitFor(() => expect(close.disabled).toBe(false), { timeout: 3000 });
    expect(screen.getByText('0:00')).toBeTruthy();
    expect(liveRegion()?.textContent).toBe('The wait is over: you may close the delivery as customer not available');
  });

  it('closes the delivery with a photo of the door taken with the camera', async () => {
    const { user, server } = openDeliveries(outForDelivery(waitEndingIn(-1000)));
    await user.click(await screen.findByRole('button', { name: 'Customer not available' }));

    const dialog = await screen.findByRole('dialog', { name: 'Customer not available' });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Close delivery' });
    expect(confirm.disabled).toBe(true);
    const picker = within(dialog).getByLabelText('Photo of the door');
    expect(picker.getAttribute('capture')).toBe('environment');
    expect(picker.getAttribute('accept')).toMatch(/image\//);
    await user.upload(picker, new File([new Uint8Array([137, 80, 78, 71])], 'door.png', { type: 'image/png' }));
    await user.click(confirm);

    expect(await screen.findByText(M.closed)).toBeTruthy();
    const [sent] = server.sent('POST', `/api/orders/${ORDER_ID}/not-available`);
    expect((sent?.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No active deliveries')).toBeTruthy();
  });

  it("says why the server refused the close and keeps the rider's photo", async () => {
    const refusal = refuse(422, { code: 'unprocessable', message: M.waitNotOver(30) });
    const { user } = openDeliveries(outForDelivery(waitEndingIn(-1000)), refusal);
    await user.click(await screen.findByRole('button', { name: 'Customer not available' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer not available' });
    await user.upload(within(dialog).getByLabelText('Photo of the door'), new File(['x'], 'door.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close delivery' }));
    expect(await screen.findByText(M.waitNotOver(30))).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Close delivery' }).disabled).toBe(false);
  });
});
