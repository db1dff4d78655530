import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES, type PayoutAccountView, NO_PAYOUT_ACCOUNT } from '@shared/payouts/schemas.js';
import { payoutAccounts, restaurantMembers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { payoutScene } from './testPayouts.js';

describe('payout accounts: banks, resolving and saving a Paystack transfer recipient', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const scene = payoutScene(t, paystack);

  const banks = (user: TestUser, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/payouts/banks?${query}`, headers: user.authHeader });
  const resolve = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/payouts/resolve', headers: user.authHeader, payload });
  const read = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.authHeader });
  const stored = async (payeeId: string) =>
    (await t.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.payeeId, payeeId)))[0];

  it.each([
    {
      country: 'Ghana',
      recipientType: 'ghipss',
      bankCode: '280100',
      bankName: 'Access Bank Ghana',
      accountNumber: '1441000123456',
      currency: 'GHS',
    },
    {
      country: 'Ghana',
      recipientType: 'mobile_money',
      bankCode: 'MTN',
      bankName: 'MTN Mobile Money',
      accountNumber: '0241234567',
      currency: 'GHS',
    },
    {
      country: 'Nigeria',
      recipientType: 'nuban',
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      currency: 'NGN',
    },
    {
      country: 'Kenya',
      recipientType: 'kepss',
      bankCode: '68',
      bankName: 'Equity Bank Kenya',
      accountNumber: '0150291234567',
      currency: 'KES',
    },
    {
      country: 'Kenya',
      recipientType: 'mobile_money',
      bankCode: 'MPESA',
      bankName: 'M-PESA',
      accountNumber: '0712345678',
      currency: 'KES',
    },
  ] as const)(
    "an owner in $country lists the $recipientType banks, sees the holder's name, and saves the account as a recipient",
    async ({ country, recipientType, bankCode, bankName, accountNumber, currency }) => {
      const { owner, restaurant } = await scene.restaurantIn(country);
      paystack.transfers.nameAccount(accountNumber, 'AMA OWUSU');

      const list = await banks(owner, `recipientType=${recipientType}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ banks: { code: string; name: string }[] }>().banks).toContainEqual({ code: bankCode, name: bankName });

      const input = { recipientType, bankCode, accountNumber };
      const resolved = await resolve(owner, input);
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toEqual({ accountName: 'AMA OWUSU' });

      const url = `/api/restaurants/${restaurant.id}/payout-account`;
      expect((await read(owner, url)).json()).toEqual(NO_PAYOUT_ACCOUNT);
      const saved = await scene.putAccount(owner, url, input);
      expect(saved.statusCode, saved.body).toBe(200);
      const view = saved.json<PayoutAccountView>();
      expect(view).toEqual({
        recipientType,
        bankCode,
        bankName,
        accountNumberLast4: accountNumber.slice(-4),
        accountName: 'AMA OWUSU',
        currency,
        updatedAt: expect.any(String),
      });
      expect(saved.body).not.toContain(accountNumber);
      expect((await read(owner, url)).json()).toEqual(view);

      const [recipient] = [...paystack.transfers.recipients.values()];
      expect(paystack.transfers.recipients.size).toBe(1);
      expect(recipient).toMatchObject({ type: recipientType, bankCode, accountNumber, name: 'AMA OWUSU', currency });
      expect(await stored(restaurant.id)).toMatchObject({
        payee: 'restaurant',
        recipientCode: recipient!.code,
        accountNumber,
        updatedBy: owner.userId,
      });
    },
  );

  it("a rider's mobile money is paid in the country whose provider they chose; banks need the country", async () => {
    const { user } = await scene.rider();
    expect((await banks(user, 'recipientType=mobile_money')).statusCode).toBe(400);
    const kenyan = await banks(user, 'recipientType=mobile_money&country=Kenya');
    expect(kenyan.json<{ banks: { code: string }[] }>().banks.map((bank) => bank.code)).toEqual(['MPESA', 'AIRTEL']);

    const saved = await scene.putAccount(user, '/api/drivers/me/payout-account', {
      recipientType: 'mobile_money',
      bankCode: 'MPESA',
      accountNumber: '0712 345-678',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ bankName: 'M-PESA', currency: 'KES', accountNumberLast4: '5678' });
    expect(await stored(user.userId)).toMatchObject({ payee: 'rider', accountNumber: '0712345678' });

    // Replacing it makes a new recipient and keeps one account.
    const bank = await scene.putAccount(user, '/api/drivers/me/payout-account', {
      recipientType: 'ghipss',
      bankCode: '030100',
      accountNumber: '2000123456',
    });
    expect(bank.json()).toMatchObject({ recipientType: 'ghipss', bankName: 'Absa Bank Ghana', currency: 'GHS' });
    expect(paystack.transfers.recipients.size).toBe(2);
    expect(await t.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.payeeId, user.userId))).toHaveLength(1);
  });

  it('leaves out banks Paystack lists as inactive', async () => {
    const { owner } = await scene.restaurantIn('Ghana');
    const list = await banks(owner, 'recipientType=ghipss');
    expect(list.json<{ banks: { code: string }[] }>().banks.map((bank) => bank.code)).not.toContain('999100');
  });

  it('refuses an account Paystack cannot resolve (422), and saves nothing', async () => {
    const { owner, restaurant } = await scene.restaurantIn('Ghana');
    paystack.transfers.refuseAccount('0249999999');
    const input = { recipientType: 'mobile_money' as const, bankCode: 'MTN', accountNumber: '0249999999' };
    const resolved = await resolve(owner, input);
    expect(resolved.statusCode).toBe(422);
    expect(resolved.json()).toEqual({ error: { code: 'unprocessable', message: PAYOUT_MESSAGES.notResolved } });
    const saved = await scene.putAccount(owner, `/api/restaurants/${restaurant.id}/payout-account`, input);
    expect(saved.statusCode).toBe(422);
    expect(paystack.transfers.recipients.size).toBe(0);
    expect(await stored(restaurant.id)).toBeUndefined();
  });

  it("refuses a kind of account not used in the restaurant's country, a bank not in the list, and a bad number (400)", async () => {
    const { owner, restaurant } = await scene.restaurantIn('Nigeria');
    const url = `/api/restaurants/${restaurant.id}/payout-account`;
    const ghana = await scene.putAccount(owner, url, {
      recipientType: 'ghipss',
      bankCode: '280100',
      accountNumber: '1441000123456',
    });
    expect(ghana.statusCode).toBe(400);
    expect(ghana.json().error.message).toBe(PAYOUT_MESSAGES.typeNotInCountry('Bank account', 'Nigeria'));
    expect(
      (await scene.putAccount(owner, url, { recipientType: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567' }))
        .statusCode,
    ).toBe(400);
    expect((await banks(owner, 'recipientType=kepss')).statusCode).toBe(400);

    const unknown = await scene.putAccount(owner, url, {
      recipientType: 'nuban',
      bankCode: '280100',
      accountNumber: '0123456789',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(PAYOUT_MESSAGES.unknownBank);
    expect(
      (await scene.putAccount(owner, url, { recipientType: 'nuban', bankCode: '058', accountNumber: '12ab56789' })).statusCode,
    ).toBe(400);
    expect(
      (await scene.putAccount(owner, url, { recipientType: 'nuban', bankCode: '058', accountNumber: '12345' })).statusCode,
    ).toBe(400);
    expect(paystack.calls.recipient ?? 0).toBe(0);
  });

  it("lets only the restaurant's owner read or change its payout account; riders keep their own", async () => {
    const { owner, restaurant } = await scene.restaurantIn('Ghana');
    const other = await scene.restaurantIn('Ghana');
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });
    const admin = await scene.admin();
    const { user: rider } = await scene.rider();
    await scene.withAccount(owner, { payee: 'restaurant', payeeId: restaurant.id });

    const url = `/api/restaurants/${restaurant.id}/payout-account`;
    const input = { recipientType: 'mobile_money' as const, bankCode: 'VOD', accountNumber: '0201234567' };
    const statuses = async (user: TestUser) => [
      (await read(user, url)).statusCode,
      (await scene.putAccount(user, url, input)).statusCode,
    ];
    expect(await statuses(manager)).toEqual([403, 403]);
    expect(await statuses(other.owner)).toEqual([404, 404]);
    expect(await statuses(admin)).toEqual([403, 403]);
    expect(await statuses(rider)).toEqual([403, 403]);
    expect((await read(owner, url)).json()).toMatchObject({ bankCode: 'MTN', accountNumberLast4: '4567' });

    expect((await read(owner, '/api/drivers/me/payout-account')).statusCode).toBe(403);
    expect((await read(rider, '/api/drivers/me/payout-account')).json()).toMatchObject({ recipientType: null });
    expect((await banks(manager, 'recipientType=ghipss')).statusCode).toBe(403);
    expect((await resolve(admin, input)).statusCode).toBe(403);
  });

  it('keeps the account while a payout to it is under way (409), so the payout goes where it was made for', async () => {
    const { owner, restaurant, payee } = await scene.restaurantIn('Ghana');
    await scene.withAccount(owner, payee);
    await scene.owe(payee, 'GH₵', 5000);
    paystack.transfers.mode = 'otp';
    const admin = await scene.admin();
    const made = await scene.pay(admin, payee);
    expect(made.statusCode, made.body).toBe(201);
    await scene.waitForStatus(made.json().id, 'otp');
    const changed = await scene.putAccount(owner, `/api/restaurants/${restaurant.id}/payout-account`, {
      recipientType: 'ghipss',
      bankCode: '280100',
      accountNumber: '1441000123456',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(PAYOUT_MESSAGES.payoutUnderWay);
    expect(await stored(restaurant.id)).toMatchObject({ bankCode: 'MTN' });
  });

  it("answers a restaurant that does not exist as another's: 404", async () => {
    const { owner } = await scene.restaurantIn('Ghana');
    const url = '/api/restaurants/00000000-0000-4000-8000-000000000000/payout-account';
    expect((await read(owner, url)).statusCode).toBe(404);
    const saved = await scene.putAccount(owner, url, {
      recipientType: 'mobile_money',
      bankCode: 'MTN',
      accountNumber: '0241234567',
    });
    expect(saved.statusCode).toBe(404);
    expect(paystack.calls.resolve ?? 0).toBe(0);
  });
});

describe('resolving accounts is counted per caller', () => {
  const paystack = usePaystackStandIn();
  // paystackTestConfig turns rate limits off; this test is about them.
  const t = useTestApp(() => ({ ...paystackTestConfig(paystack), RATE_LIMIT_DISABLED: '0' }));
  const scene = payoutScene(t, paystack);

  it('answers 429 after 20 resolves in an hour, so the form cannot look up who owns account numbers', async () => {
    const { user } = await scene.rider();
    const resolve = (accountNumber: string, caller: TestUser = user) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payouts/resolve',
        headers: caller.authHeader,
        payload: { recipientType: 'mobile_money', bankCode: 'MTN', accountNumber },
      });
    for (let n = 0; n < 20; n++) expect((await resolve(`02400000${String(n).padStart(2, '0')}`)).statusCode).toBe(200);
    const refused = await resolve('0240000099');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^You have checked several accounts in a short time\. Please try again in /);
    expect(paystack.calls.resolve).toBe(20);
    const { user: other } = await scene.rider();
    expect((await resolve('0240000099', other)).statusCode).toBe(200);
  });
});
