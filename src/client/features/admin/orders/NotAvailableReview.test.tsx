import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_MESSAGES as M, paymentDecidedSchema } from '@shared/orders/notAvailable.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { AdminOrderView } from '@shared/orders/views.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { AdminOrderCard } from './AdminOrderCard.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const PHOTO = `/api/files/door-photos/6f1c2a3e-0000-4000-8000-000000000000.webp?expires=1&sig=abc`;

/** A card order its rider closed as 'Customer not available', its payment not decided yet. */
const unavailable = (fields: Partial<AdminOrderView> = {}): AdminOrderView => ({
  id: ORDER_ID,
  shortId: shortOrderId(ORDER_ID),
  status: 'customer_unavailable',
  statusLabel: 'Customer not available',
  totalAmount: 5050,
  currencySymbol: 'GH₵',
  paymentMethod: 'paystack-card',
  paymentStatus: 'completed',
  createdAt: '2026-11-27T12:00:00.000Z',
  items: [{ menuItemId: null, name: 'Jollof Rice', quantity: 1, price: 4550, choices: [] }],
  restaurantId: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
  restaurantName: 'Osu Chop Bar',
  customerName: 'Kwame Asante',
  commissionAmount: 455,
  restaurantPayout: 4095,
  deliveryFee: 0,
  tipAmount: 500,
  deliveryAddress: '14 Ring Road, Osu',
  deliveryLandmark: null,
  deliveryGpsCode: null,
  deliveryPhone: '+233 24 123 4567',
  notes: null,
  driverId: '7d1b6a52-4c3e-4f0a-9b1d-2e3f4a5b6c7d',
  driverName: 'Kofi Rider',
  codeLocked: false,
  closedReason: null,
  closedByName: null,
  doorPhotoUrl: PHOTO,
  paymentDecision: null,
  ...fields,
});

const review = () => within(screen.getByRole('region', { name: `Customer not available, order ${shortOrderId(ORDER_ID)}` }));

describe("an admin's card of an order whose customer was not available", () => {
  it('shows the door photo and refunds the card payment once confirmed', async () => {
    const server = fakeServer({
      'POST /api/admin/orders/:id/payment-decision': () => reply(paymentDecidedSchema, { paymentDecision: 'refunded' }),
    });
    const { user } = renderPage(<AdminOrderCard order={unavailable()} />, { session: sessionFor('admin') });

    expect(review().getByRole('img').getAttribute('src')).toBe(PHOTO);
    expect(review().getByText(/paid GH₵50\.50 by card/)).toBeTruthy();
    await user.click(review().getByRole('button', { name: 'Refund customer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund GH₵50.50?' });
    await user.click(within(confirm).getByRole('button', { name: 'Refund customer' }));

    expect(await screen.findByText(M.refunded)).toBeTruthy();
    expect(server.sent('POST', `/api/admin/orders/${ORDER_ID}/payment-decision`).map((request) => request.body)).toEqual([
      { decision: 'refunded' },
    ]);
  });

  it('says what was decided, with no buttons, once it is', () => {
    renderPage(<AdminOrderCard order={unavailable({ paymentDecision: 'kept' })} />, { session: sessionFor('admin') });
    expect(review().getByText('Card payment kept')).toBeTruthy();
    expect(review().queryByRole('button')).toBeNull();
  });

  it('says why the server refused a decision taken meanwhile by another admin', async () => {
    fakeServer({
      'POST /api/admin/orders/:id/payment-decision': () => refuse(409, { code: 'conflict', message: M.decidedAlready }),
    });
    const { user } = renderPage(<AdminOrderCard order={unavailable()} />, { session: sessionFor('admin') });
    await user.click(review().getByRole('button', { name: 'Keep payment' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep payment' }));
    expect(await screen.findByText(M.decidedAlready)).toBeTruthy();
  });

  it('shows no decision for a cash order: nothing was paid', () => {
    renderPage(<AdminOrderCard order={unavailable({ paymentMethod: 'cash', paymentStatus: 'pending' })} />, {
      session: sessionFor('admin'),
    });
    expect(review().getByText(/nothing was collected/)).toBeTruthy();
    expect(review().queryByRole('button')).toBeNull();
  });
});
