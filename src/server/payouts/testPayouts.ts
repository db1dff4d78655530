import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { PayeeAccount, PayoutStatus } from '@shared/payouts/kinds.js';
import type { PayoutAccountInput } from '@shared/payouts/schemas.js';
import { currencySymbolFor } from '@shared/restaurants/currency.js';
import { payouts } from '../db/schema.js';
import { balanceOf } from '../ledger/balances.js';
import { postTransaction } from '../ledger/post.js';
import { insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import type { PaystackStandIn } from '../test/paystack.js';

/** The payout tests' scene: payees, money owed to them on the ledger, their payout accounts, the admin's routes and Paystack's webhooks. */
export function payoutScene(t: TestContext, paystack: PaystackStandIn) {
  /** An owner and their restaurant in `country`, pricing in its currency. */
  async function restaurantIn(country = 'Ghana') {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, {
      ownerId: owner.userId,
      country,
      currencySymbol: currencySymbolFor(country),
    });
    return { owner, restaurant, payee: { payee: 'restaurant' as const, payeeId: restaurant.id } };
  }

  async function rider() {
    const user = await createUser(t, { role: 'driver', verifiedDriver: true });
    return { user, payee: { payee: 'rider' as const, payeeId: user.userId } };
  }

  /**
   * Money the platform owes a payee, posted straight on the ledger (a test fixture: the payee's
   * account credited, cash_received debited) as deliveries would.
   */
  async function owe(payee: { payee: PayeeAccount; payeeId: string }, currencySymbol: string, amount: number) {
    await t.app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'cash_handed_in',
        memo: 'test fixture: money owed',
        currencySymbol,
        lines: [
          { account: payee.payee, ownerId: payee.payeeId, amount: -amount },
          { account: 'cash_received', ownerId: null, amount },
        ],
      }),
    );
  }

  /** What the platform owes the payee now. */
  const owed = async (payee: { payee: PayeeAccount; payeeId: string }, currencySymbol = 'GH₵') =>
    0 - (await balanceOf(t.app.db, payee.payee, payee.payeeId, currencySymbol)) || 0;

  const putAccount = (user: TestUser, url: string, input: Partial<PayoutAccountInput>) =>
    t.app.inject({ method: 'PUT', url, headers: user.authHeader, payload: input });

  /** Saves an MTN mobile money account (Ghana) for the payee through the API, as its owner or rider would. */
  async function withAccount(user: TestUser, payee: { payee: PayeeAccount; payeeId: string }, input?: PayoutAccountInput) {
    const url =
      payee.payee === 'restaurant' ? `/api/restaurants/${payee.payeeId}/payout-account` : '/api/drivers/me/payout-account';
    const res = await putAccount(
      user,
      url,
      input ?? { recipientType: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567' },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ accountNumberLast4: string }>();
  }

  const admin = () => createUser(t, { role: 'admin', fullName: 'Abena Payouts' });

  const pay = (user: TestUser, payee: { payee: PayeeAccount; payeeId: string }, currencySymbol = 'GH₵') =>
    t.app.inject({ method: 'POST', url: '/api/admin/payouts', headers: user.authHeader, payload: { ...payee, currencySymbol } });

  const payEveryone = (user: TestUser, currencySymbol = 'GH₵') =>
    t.app.inject({ method: 'POST', url: '/api/admin/payouts/everyone', headers: user.authHeader, payload: { currencySymbol } });

  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      payload: body,
    });

  /** Posts Paystack's signed event of the payout's transfer as it now stands at the stand-in. */
  async function sendEvent(reference: string) {
    const { body, signature } = paystack.transfers.event(reference);
    const res = await webhook(body, signature);
    expect(res.statusCode, res.body).toBe(200);
  }

  const payoutRow = async (id: string) => (await t.app.db.select().from(payouts).where(eq(payouts.id, id)))[0];

  async function waitForStatus(id: string, status: PayoutStatus) {
    await vi.waitFor(async () => expect((await payoutRow(id))?.status).toBe(status), { timeout: 10_000, interval: 50 });
    return (await payoutRow(id))!;
  }

  return {
    restaurantIn,
    rider,
    owe,
    owed,
    putAccount,
    withAccount,
    admin,
    pay,
    payEveryone,
    webhook,
    sendEvent,
    payoutRow,
    waitForStatus,
  };
}
