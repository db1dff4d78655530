import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { ConfigError, parseEnv } from '../config.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { TEST_PAYSTACK_KEYS } from '../test/paystack.js';
import { cardScene } from './testCard.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    parseEnv(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('Paystack configuration', () => {
  it('refuses a secret key given as the public key, as a security error', () => {
    const problems = problemsOf({ PAYSTACK_PUBLIC_KEY: 'sk_live_abc', PAYSTACK_SECRET_KEY: 'sk_live_abc' });
    expect(problems).toEqual([expect.stringMatching(/^PAYSTACK_PUBLIC_KEY is a secret key .*security error/)]);
  });

  it('wants pk_ and sk_ keys, and both or neither', () => {
    expect(problemsOf({ PAYSTACK_PUBLIC_KEY: 'abc', PAYSTACK_SECRET_KEY: 'sk_test_1' })).toEqual([
      'PAYSTACK_PUBLIC_KEY must start with pk_',
    ]);
    expect(problemsOf({ PAYSTACK_PUBLIC_KEY: 'pk_test_1', PAYSTACK_SECRET_KEY: 'pk_test_1' })).toEqual([
      'PAYSTACK_SECRET_KEY must start with sk_',
    ]);
    expect(problemsOf({ PAYSTACK_PUBLIC_KEY: 'pk_test_1' })).toEqual([
      'PAYSTACK_SECRET_KEY PAYSTACK_PUBLIC_KEY and PAYSTACK_SECRET_KEY must be set together',
    ]);
    expect(problemsOf({ PAYSTACK_SECRET_KEY: 'sk_test_1' })).toHaveLength(1);
    expect(problemsOf({ ...TEST_PAYSTACK_KEYS })).toEqual([]);
    expect(problemsOf({})).toEqual([]);
  });

  it('keeps the API and script URLs overridable', () => {
    const env = parseEnv({ PAYSTACK_API_URL: 'http://127.0.0.1:9999', PAYSTACK_SCRIPT_URL: 'http://127.0.0.1:9999/inline.js' });
    expect(env.PAYSTACK_API_URL).toBe('http://127.0.0.1:9999');
    expect(env.PAYSTACK_SCRIPT_URL).toBe('http://127.0.0.1:9999/inline.js');
    expect(parseEnv({}).PAYSTACK_API_URL).toBe('https://api.paystack.co');
  });
});

describe('GET /api/config with Paystack keys', () => {
  const t = useTestApp({ ...TEST_PAYSTACK_KEYS, PAYSTACK_SCRIPT_URL: 'http://127.0.0.1:1/inline.js' });

  it('offers card payments with the public key and never the secret one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().cardPayments).toEqual({
      enabled: true,
      publicKey: TEST_PAYSTACK_KEYS.PAYSTACK_PUBLIC_KEY,
      scriptUrl: 'http://127.0.0.1:1/inline.js',
    });
    expect(res.body).not.toContain('sk_');
  });
});

describe('GET /api/config without Paystack keys', () => {
  const t = useTestApp();

  it('offers cash only, and card checkout says why', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().cardPayments).toMatchObject({ enabled: false, publicKey: null });

    const { restaurant, dish } = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const { startIntent, cart } = cardScene(t);
    const intent = await startIntent(customer, cart(restaurant.id, [{ menuItemId: dish.id, quantity: 1 }]));
    expect(intent.statusCode).toBe(422);
    expect(intent.json().error.message).toBe(PAYMENT_MESSAGES.cardDisabled);
  });
});
