import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@shared/orders/schemas.js';
import { OrderLines } from './OrderLines.js';

const JOLLOF = '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';

/** Jollof twice with Fish, Shito and Egg (GH₵53.00 each), once with Chicken, and Kelewele without choices. */
const LINES: OrderLine[] = [
  {
    menuItemId: JOLLOF,
    name: 'Jollof Rice',
    quantity: 2,
    price: 5300,
    choices: [
      { group: 'Protein', name: 'Fish', priceDelta: 500 },
      { group: 'Extras', name: 'Shito', priceDelta: 100 },
      { group: 'Extras', name: 'Egg', priceDelta: 200 },
    ],
  },
  {
    menuItemId: JOLLOF,
    name: 'Jollof Rice',
    quantity: 1,
    price: 4500,
    choices: [{ group: 'Protein', name: 'Chicken', priceDelta: 0 }],
  },
  { menuItemId: '9e8d7c6b-5a49-4382-a716-151413121110', name: 'Kelewele', quantity: 1, price: 1550, choices: [] },
];

const lineTexts = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the lines of an order', () => {
  it("show the customer each line's choices under its name, two lines of one dish apart", () => {
    render(<OrderLines items={LINES} totalAmount={16_650} currencySymbol="GH₵" />);

    expect(lineTexts()).toEqual([
      '2 × Jollof RiceFish, Shito, EggGH₵106.00',
      '1 × Jollof RiceChickenGH₵45.00',
      '1 × KeleweleGH₵15.50',
    ]);
  });

  it('show the cook the choices group by group', () => {
    render(<OrderLines items={LINES} totalAmount={16_650} currencySymbol="GH₵" prominent />);

    const [withFish] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(withFish!).getByText('Protein:').parentElement?.textContent).toBe('Protein: Fish');
    expect(within(withFish!).getByText('Extras:').parentElement?.textContent).toBe('Extras: Shito, Egg');
    expect(lineTexts()[1]).toBe('1 × Jollof RiceProtein: ChickenGH₵45.00');
  });
});
