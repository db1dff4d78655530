import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardIntentView } from '@shared/payments/schemas.js';
import { checkoutIntents } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { cardScene } from './testCard.js';
import { triesAgainWithinAMinute } from '../test/tryAgain.js';

// paystackTestConfig turns rate limits off; these tests are about them.
const limited = (settings: Record<string, string>) => ({ ...settings, RATE_LIMIT_DISABLED: '0' });

describe('open card payments per customer', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => limited({ ...paystackTestConfig(paystack), RATE_LIMIT_OPEN_CARD_INTENTS_MAX: '3' }));
  const { openKitchen, cart, startIntent } = cardScene(t);

  it('lets 3 of 60 intents sent at once reach Paystack and answers the rest 429 until the oldest expires', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const body = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 99 }]);
    const replies = await Promise.all(Array.from({ length: 60 }, () => startIntent(customer, body)));

    expect(replies.filter((res) => res.statusCode === 201)).toHaveLength(3);
    const refused = replies.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(57);
    expect(refused[0]?.json()).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'You have several card payments waiting to be finished. Please try again in 30 minutes, or pay cash on delivery.',
      },
    });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(29 * 60);
    expect(paystack.calls.initialize).toBe(3);

    const other = await createUser(t, { role: 'customer' });
    expect((await startIntent(other, body)).statusCode).toBe(201);
  });

  it('counts only pending intents: one that ended makes room', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const body = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);
    const started: CardIntentView[] = [];
    for (let n = 0; n < 3; n++) started.push((await startIntent(customer, body)).json<CardIntentView>());
    expect((await startIntent(customer, body)).statusCode).toBe(429);

    await t.app.db
      .update(checkoutIntents)
      .set({ status: 'expired' })
      .where(eq(checkoutIntents.reference, started[0]?.reference ?? ''));
    expect((await startIntent(customer, body)).statusCode).toBe(201);
  });
});

describe('card payments started per customer per minute', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => limited({ ...paystackTestConfig(paystack), RATE_LIMIT_CARD_INTENTS_MAX: '2' }));
  const { openKitchen, cart, startIntent } = cardScene(t);

  it('answers 429 past the limit, before Paystack is asked', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const body = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);
    const codes: number[] = [];
    for (let n = 0; n < 3; n++) codes.push((await startIntent(customer, body)).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    const refused = await startIntent(customer, body);
    expect(refused.json().error.message).toEqual(
      triesAgainWithinAMinute('You have started several card payments in a short time.'),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(paystack.calls.initialize).toBe(2);
  });
});
