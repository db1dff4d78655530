import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderViewSchema, type OrderView } from '@shared/orders/schemas.js';
import { OrderFacts } from './OrderFacts.js';

const ORDER: OrderView = orderViewSchema.parse({
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  shortId: '3f2504e0',
  restaurantId: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
  restaurantName: 'Osu Chop Bar',
  status: 'preparing',
  statusLabel: 'Preparing',
  items: [
    { menuItemId: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6', name: 'Jollof Rice', quantity: 2, price: 4500, choices: [] },
    { menuItemId: '9e8d7c6b-5a49-4382-a716-151413121110', name: 'Kelewele', quantity: 1, price: 1550, choices: [] },
  ],
  subtotalAmount: 10_550,
  deliveryFee: 800,
  tipAmount: 1100,
  totalAmount: 12_450,
  currencySymbol: 'GH₵',
  paymentMethod: 'cash',
  paymentStatus: 'pending',
  deliveryAddress: '14 Ring Road, Osu',
  deliveryPhone: '+233 24 123 4567',
  deliveryLatitude: null,
  deliveryLongitude: null,
  deliveryLandmark: null,
  deliveryGpsCode: null,
  notes: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  deliveryCode: null,
  driver: null,
  cancelReason: null,
});

/** The money under the order's lines, label to amount. */
function money(): [string, string][] {
  return [...document.querySelectorAll('dt')]
    .filter((term) => term.nextElementSibling?.tagName === 'DD' && !term.querySelector('svg'))
    .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']);
}

describe("the customer's order details", () => {
  it('list the subtotal, the delivery fee and the tip above the total', () => {
    render(<OrderFacts order={ORDER} />);
    expect(money()).toEqual([
      ['Subtotal', 'GH₵105.50'],
      ['Delivery fee', 'GH₵8.00'],
      ['Tip', 'GH₵11.00'],
      ['Total', 'GH₵124.50'],
    ]);
  });

  it('say a free delivery is free when a tip was given', () => {
    render(<OrderFacts order={{ ...ORDER, deliveryFee: 0, tipAmount: 500, totalAmount: 11_050 }} />);
    expect(money()).toEqual([
      ['Subtotal', 'GH₵105.50'],
      ['Delivery fee', 'Free'],
      ['Tip', 'GH₵5.00'],
      ['Total', 'GH₵110.50'],
    ]);
  });

  it('show only the total when the order had neither a fee nor a tip', () => {
    render(<OrderFacts order={{ ...ORDER, deliveryFee: 0, tipAmount: 0, totalAmount: 10_550 }} />);
    expect(screen.queryByText('Subtotal')).toBeNull();
    const total = screen.getByText('Total').parentElement!;
    expect(within(total).getByText('GH₵105.50')).toBeTruthy();
  });
});
