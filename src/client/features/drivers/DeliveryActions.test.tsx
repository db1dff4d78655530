import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { orderMovedSchema } from '@shared/orders/views.js';
import { doubleTap } from '@/test/doubleTap.js';
import { carriedOrder, readyOrder } from '@/test/availableOrders.js';
import { fakeServer, gate, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { DeliveryActions } from './DeliveryActions.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const delivery = carriedOrder(readyOrder(ORDER_ID, 'cash'), { status: 'picked_up', statusLabel: 'Out for Delivery' });
const DELIVER = `/api/orders/${ORDER_ID}/deliver`;

async function openCodeDialog() {
  const { user } = renderPage(<DeliveryActions delivery={delivery} />, { session: sessionFor('driver') });
  await user.click(screen.getByRole('button', { name: 'Complete Delivery' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Verify Delivery Code' }));
  return { user, dialog, code: dialog.getByLabelText('Delivery code') };
}

describe("the rider's delivery code", () => {
  it('marks a refused code invalid until it is changed, keeping the dialog open', async () => {
    fakeServer({
      'POST /api/orders/:id/deliver': () => refuse(422, { code: 'unprocessable', message: DRIVER_MESSAGES.invalidCode }),
    });
    const { user, dialog, code } = await openCodeDialog();

    await user.type(code, '000000');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Verify & Complete' }));

    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('dialog', { name: 'Verify Delivery Code' })).toBeTruthy();
    await user.type(code, '{Backspace}1');
    expect(code.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the code once when Verify & Complete is pressed twice before the page redraws', async () => {
    const held = gate();
    const server = fakeServer({
      'POST /api/orders/:id/deliver': async () => {
        await held.passed;
        return reply(orderMovedSchema, {
          id: ORDER_ID,
          shortId: delivery.shortId,
          status: 'delivered',
          statusLabel: 'Delivered',
          driverId: null,
        });
      },
    });
    const { user, dialog, code } = await openCodeDialog();
    await user.type(code, '481876');

    const verify = dialog.getByRole('button', { name: 'Verify & Complete' });
    doubleTap(verify);
    held.open();

    expect(await screen.findByText(DRIVER_MESSAGES.completed)).toBeTruthy();
    expect(server.sent('POST', DELIVER)).toHaveLength(1);
    expect(screen.queryByText(DRIVER_MESSAGES.completeFailed)).toBeNull();
  });
});
