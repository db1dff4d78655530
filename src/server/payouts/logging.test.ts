import { describe, expect, it } from 'vitest';
import type { PayoutView } from '@shared/payouts/schemas.js';
import { useLoggedApps } from '../test/loggedApp.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { payoutScene } from './testPayouts.js';

describe('payouts in the log', () => {
  const paystack = usePaystackStandIn();
  const appWith = useLoggedApps();

  it('never carry an account number, a holder name or an OTP, and Paystack refusing an account says only that', async () => {
    const { app, log } = await appWith(paystackTestConfig(paystack));
    const scene = payoutScene({ app, database: app.database, config: app.config }, paystack);
    paystack.transfers.nameAccount('0244555666', 'KWAME NKRUMAH MENSAH');
    paystack.transfers.refuseAccount('0209999999');
    const { owner, restaurant, payee } = await scene.restaurantIn('Ghana');
    await scene.withAccount(owner, payee, { recipientType: 'mobile_money', bankCode: 'MTN', accountNumber: '0244555666' });
    const refused = await scene.putAccount(owner, `/api/restaurants/${restaurant.id}/payout-account`, {
      recipientType: 'mobile_money',
      bankCode: 'ATL',
      accountNumber: '0209999999',
    });
    expect(refused.statusCode).toBe(422);

    await scene.owe(payee, 'GH₵', 3_000);
    paystack.transfers.mode = 'otp';
    paystack.transfers.otp = '907312';
    const admin = await scene.admin();
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'otp');
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${view.id}/otp`,
      headers: admin.authHeader,
      payload: { otp: '555123' },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${view.id}/otp`,
      headers: admin.authHeader,
      payload: { otp: '907312' },
    });
    expect(right.json<PayoutView>().status).toBe('success');

    const text = log.text();
    expect(text).toContain('payout account saved');
    expect(text).toContain('payout queued');
    for (const secret of ['0244555666', '244555666', 'KWAME', 'NKRUMAH', '0209999999', '907312', '555123', 'RCP_']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
