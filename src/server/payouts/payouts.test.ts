import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { PAYOUT_MESSAGES, type PayoutDue, type PayoutView } from '@shared/payouts/schemas.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { ledgerEntries, ledgerTransactions, payouts } from '../db/schema.js';
import { postTransaction } from '../ledger/post.js';
import { deliverOrder } from '../ledger/testStatements.js';
import { expectLedgerBalanced } from '../ledger/testLedger.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';
import { startCommitHoldingProxy, type CommitHoldingProxy } from '../test/commitHoldingProxy.js';
import { retriesDueNow, waitForJobs } from '../test/jobs.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { listenForEvents } from '../test/raisedEvents.js';
import { payoutContext } from './context.js';
import { payoutScene } from './testPayouts.js';
import { checkPayouts } from './transfers.js';

describe('payouts through Paystack transfers: each paid exactly once', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const scene = payoutScene(t, paystack);

  afterEach(async () => {
    await expectLedgerBalanced(t.app.db);
  });

  /** The payout's ledger transactions, oldest first, with their entries. */
  async function postingsOf(payoutId: string) {
    const transactions = await t.app.db
      .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.payoutId, payoutId))
      .orderBy(asc(ledgerTransactions.createdAt));
    return Promise.all(
      transactions.map(async (transaction) => ({
        kind: transaction.kind,
        entries: (
          await t.app.db
            .select({ account: ledgerEntries.account, ownerId: ledgerEntries.ownerId, amount: ledgerEntries.amount })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.transactionId, transaction.id))
            .orderBy(asc(ledgerEntries.id))
        ).map((entry) => ({ ...entry, amount: Number(entry.amount) })),
      })),
    );
  }

  /** A Ghanaian restaurant owed `amount` with an MTN mobile money account, and an admin. */
  async function owedRestaurant(amount = 12_000) {
    const kitchen = await scene.restaurantIn('Ghana');
    await scene.withAccount(kitchen.owner, kitchen.payee);
    await scene.owe(kitchen.payee, 'GH₵', amount);
    return { ...kitchen, admin: await scene.admin() };
  }

  it('pays a restaurant what its delivered orders earned: queued, sent once with our reference, then success by the webhook', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const first = await deliverOrder(t, kitchen, customer, rider, { deliveryFee: 1500, deliveryShare: 300, tip: 500 });
    const second = await deliverOrder(t, kitchen, customer, rider, { quantity: 2 });
    const payee = { payee: 'restaurant' as const, payeeId: kitchen.restaurant.id };
    await scene.withAccount(kitchen.owner, payee);
    const admin = await scene.admin();
    const owed = first.payout + second.payout;
    expect(await scene.owed(payee)).toBe(owed);

    const due = await t.app.inject({ method: 'GET', url: '/api/admin/payouts/due', headers: admin.authHeader });
    expect(due.json<{ items: PayoutDue[] }>().items).toContainEqual({
      ...payee,
      name: kitchen.restaurant.name,
      currencySymbol: 'GH₵',
      owed,
      hasAccount: true,
      openPayout: null,
    });

    const made = await scene.pay(admin, payee);
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json<PayoutView>();
    expect(view).toMatchObject({
      ...payee,
      name: kitchen.restaurant.name,
      currencySymbol: 'GH₵',
      amount: owed,
      status: 'queued',
    });
    expect(view.reference).toMatch(/^payout_[0-9a-f]{32}$/);
    expect(await scene.owed(payee)).toBe(0);
    expect(await postingsOf(view.id)).toEqual([
      {
        kind: 'payout_sent',
        entries: [
          { account: 'restaurant', ownerId: kitchen.restaurant.id, amount: owed },
          { account: 'paystack', ownerId: null, amount: -owed },
        ],
      },
    ]);

    const pending = await scene.waitForStatus(view.id, 'pending');
    const transfer = paystack.transfers.transfers.get(view.reference);
    expect(transfer).toMatchObject({ amount: owed, currency: 'GHS', status: 'pending', reason: 'ChopChop payout' });
    expect(pending.transferCode).toBe(transfer!.transferCode);
    expect(paystack.transfers.recipients.get(transfer!.recipientCode)).toMatchObject({ accountNumber: '0241234567' });

    paystack.transfers.settle(view.reference, 'success');
    await scene.sendEvent(view.reference);
    expect((await scene.payoutRow(view.id))?.status).toBe('success');
    expect(paystack.transfers.transfers.size).toBe(1);
    expect(paystack.calls.transfer).toBe(1);
    expect(await postingsOf(view.id)).toHaveLength(1);

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/payouts?status=success', headers: admin.authHeader });
    expect(listed.json<{ items: PayoutView[] }>().items).toEqual([expect.objectContaining({ id: view.id, status: 'success' })]);

    // The restaurant's statement shows the payout.
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${kitchen.restaurant.id}/statement`,
      headers: kitchen.owner.authHeader,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.body).toContain('payout_sent');
  });

  it('makes one payout and one transfer of two clicks at once (409 for the other)', async () => {
    const { payee, admin } = await owedRestaurant();
    const other = await scene.admin();
    const answers = await Promise.all([scene.pay(admin, payee), scene.pay(other, payee), scene.pay(admin, payee)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json().error.message).toMatch(
        new RegExp(`${PAYOUT_MESSAGES.payoutUnderWay}|${PAYOUT_MESSAGES.nothingOwed}`),
      );
    }
    const id = answers.find((res) => res.statusCode === 201)!.json<PayoutView>().id;
    await scene.waitForStatus(id, 'pending');
    expect(await t.app.db.select().from(payouts)).toHaveLength(1);
    expect(paystack.transfers.transfers.size).toBe(1);
    // Clicked again later: nothing is owed any more.
    const again = await scene.pay(admin, payee);
    expect(again.statusCode).toBe(409);
  });

  it("makes one payout of 'pay everyone' racing a click on the same payee", async () => {
    const { payee, admin } = await owedRestaurant(6_000);
    const other = await scene.admin();
    const [everyone, one] = await Promise.all([scene.payEveryone(admin), scene.pay(other, payee)]);
    expect([everyone.statusCode, one.statusCode]).toContain(200);
    const made = await t.app.db.select().from(payouts);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(6_000);
    if (one.statusCode === 201) expect(everyone.json()).toMatchObject({ created: 0 });
    else expect(everyone.json()).toEqual({ created: 1, skipped: 0, totalAmount: 6_000 });
    await scene.waitForStatus(made[0]!.id, 'pending');
    expect(paystack.transfers.transfers.size).toBe(1);
    expect(await scene.owed(payee)).toBe(0);
  });

  it('a replayed webhook changes the status once and gives the money back once', async () => {
    const { payee, admin } = await owedRestaurant(9_000);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'pending');
    paystack.transfers.settle(view.reference, 'failed', 'Account could not be credited');
    const { body, signature } = paystack.transfers.event(view.reference);
    for (let i = 0; i < 3; i++) expect((await scene.webhook(body, signature)).statusCode).toBe(200);
    await Promise.all([scene.webhook(body, signature), scene.webhook(body, signature)]);

    expect(await scene.payoutRow(view.id)).toMatchObject({ status: 'failed', failureReason: 'Account could not be credited' });
    expect((await postingsOf(view.id)).map((posting) => posting.kind)).toEqual(['payout_sent', 'payout_failed']);
    expect(await scene.owed(payee)).toBe(9_000);
    // A success told after the failure is no move: still failed, nothing posted.
    const late = paystack.transfers.event(view.reference, 'transfer.success');
    expect((await scene.webhook(late.body, late.signature)).statusCode).toBe(200);
    expect((await scene.payoutRow(view.id))?.status).toBe('failed');
  });

  it("a bank's reason of any length, NUL bytes included, still fails the payout and gives the money back", async () => {
    const { payee, admin } = await owedRestaurant(5_000);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'pending');
    paystack.transfers.settle(view.reference, 'failed', `Declined\u0000 by the bank: ${'x'.repeat(900)}`);
    const { body, signature } = paystack.transfers.event(view.reference);
    expect((await scene.webhook(body, signature)).statusCode).toBe(200);

    const row = await scene.payoutRow(view.id);
    expect(row?.status).toBe('failed');
    expect(row?.failureReason?.startsWith('Declined by the bank: xxx')).toBe(true);
    expect(row?.failureReason?.length).toBeLessThanOrEqual(300);
    expect(await scene.owed(payee)).toBe(5_000);
  });

  it("tells the admins' payouts topic and the restaurant's own of the payout made and of each move Paystack makes, once: queued, sent, then failed, not the replays or a late success", async () => {
    const { payee, admin } = await owedRestaurant(9_000);
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      const view = (await scene.pay(admin, payee)).json<PayoutView>();
      await scene.waitForStatus(view.id, 'pending');
      paystack.transfers.settle(view.reference, 'failed', 'Account could not be credited');
      const { body, signature } = paystack.transfers.event(view.reference);
      await Promise.all([scene.webhook(body, signature), scene.webhook(body, signature)]);
      const late = paystack.transfers.event(view.reference, 'transfer.success');
      expect((await scene.webhook(late.body, late.signature)).statusCode).toBe(200);

      const heard = (topic: string) => events.filter((event) => event.topic === topic);
      const moved = (topic: string, status: PayoutStatus) => ({ topic, type: 'payout.moved', payoutId: view.id, status });
      for (const topic of [topics.payouts(), topics.restaurant(payee.payeeId)]) {
        await expect.poll(() => heard(topic)).toEqual([moved(topic, 'queued'), moved(topic, 'pending'), moved(topic, 'failed')]);
      }
    } finally {
      await stop();
    }
  });

  it("tells each rider paid by 'pay everyone' of their own payout on their own topic, and of no one else's", async () => {
    const admin = await scene.admin();
    const [a, b] = [await scene.rider(), await scene.rider()];
    await scene.withAccount(a.user, a.payee);
    await scene.withAccount(b.user, b.payee, { recipientType: 'ghipss', bankCode: '130100', accountNumber: '1020304050' });
    await scene.owe(a.payee, 'GH₵', 4_000);
    await scene.owe(b.payee, 'GH₵', 2_000);
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await scene.payEveryone(admin)).json()).toMatchObject({ created: 2 });
      const paid = await t.app.db.select({ id: payouts.id, payeeId: payouts.payeeId }).from(payouts);
      const payoutOf = (userId: string) => paid.find((row) => row.payeeId === userId)?.id;
      /** The payouts each rider's topic named, and the status it first heard. */
      const heardBy = (userId: string) => {
        const heard = events.filter((event) => event.topic === topics.driver(userId));
        return { payouts: [...new Set(heard.map((event) => event.type === 'payout.moved' && event.payoutId))], first: heard[0] };
      };
      for (const { user } of [a, b]) {
        await expect.poll(() => heardBy(user.userId).payouts).toEqual([payoutOf(user.userId)]);
        expect(heardBy(user.userId).first).toMatchObject({ type: 'payout.moved', status: 'queued' });
      }
    } finally {
      await stop();
    }
  });

  it('a forged or unsigned webhook changes nothing', async () => {
    const { payee, admin } = await owedRestaurant();
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'pending');
    paystack.transfers.settle(view.reference, 'reversed');
    const forged = paystack.transfers.event(view.reference, undefined, 'sk_test_somebody_else_entirely_000000000000');
    expect((await scene.webhook(forged.body, forged.signature)).statusCode).toBe(401);
    expect((await scene.webhook(forged.body)).statusCode).toBe(401);
    const signed = paystack.transfers.event(view.reference);
    expect((await scene.webhook(signed.body.replace('"amount":12000', '"amount":1'), signed.signature)).statusCode).toBe(401);
    expect((await scene.payoutRow(view.id))?.status).toBe('pending');
    expect((await postingsOf(view.id)).map((posting) => posting.kind)).toEqual(['payout_sent']);
    expect(await scene.owed(payee)).toBe(0);
  });

  it('a crash after Paystack accepted the transfer and before we recorded it: the retry finds it, one transfer', async () => {
    const { payee, admin } = await owedRestaurant();
    // Paystack makes the transfer and the answer is lost; verify cannot answer either: the job fails.
    paystack.transfers.dropTransferAnswers(1);
    paystack.transfers.failVerifies(1);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    const [failed] = await waitForJobs(t.app.db, 'payout', ([job]) => job?.state === 'retry');
    expect(failed!.output?.message).toBe('Paystack answered HTTP 503');
    expect((await scene.payoutRow(view.id))?.status).toBe('queued');
    expect(paystack.transfers.transfers.size).toBe(1);

    await retriesDueNow(t.app.db, 'payout');
    await waitForJobs(t.app.db, 'payout', ([job]) => job?.state === 'completed');
    const row = await scene.payoutRow(view.id);
    expect(row).toMatchObject({
      status: 'pending',
      transferCode: paystack.transfers.transfers.get(view.reference)!.transferCode,
    });
    // Asked twice with one reference: the second was refused as a duplicate and verify told the rest.
    expect(paystack.calls.transfer).toBe(2);
    expect(paystack.transfers.transfers.size).toBe(1);
    expect(await postingsOf(view.id)).toHaveLength(1);
  });

  it('an answer lost in flight is found by verify in the same try', async () => {
    const { payee, admin } = await owedRestaurant();
    paystack.transfers.dropTransferAnswers(1);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'pending');
    expect(paystack.calls.transfer).toBe(1);
    expect(paystack.calls.transferVerify).toBe(1);
    // The job moves the payout, then completes: wait for it to leave its try.
    const [job] = await waitForJobs(t.app.db, 'payout', ([first]) => first?.state !== 'active');
    expect(job).toMatchObject({ state: 'completed', retryCount: 0 });
  });

  it('waits while Paystack is down, then sends once', async () => {
    const { payee, admin } = await owedRestaurant();
    paystack.transfers.failTransfers(1);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await waitForJobs(t.app.db, 'payout', ([job]) => job?.state === 'retry');
    expect(paystack.transfers.transfers.size).toBe(0);
    await retriesDueNow(t.app.db, 'payout');
    await scene.waitForStatus(view.id, 'pending');
    expect(paystack.transfers.transfers.size).toBe(1);
  });

  it('a transfer Paystack refuses fails the payout and puts the money back', async () => {
    const { payee, admin } = await owedRestaurant(7_000);
    paystack.transfers.balances.set('GHS', 100);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    const row = await scene.waitForStatus(view.id, 'failed');
    expect(row.failureReason).toBe('Your balance is not enough to fulfil this request');
    expect(await scene.owed(payee)).toBe(7_000);
    expect((await postingsOf(view.id)).map((posting) => posting.kind)).toEqual(['payout_sent', 'payout_failed']);
    // Paid again later, as a new payout with a new reference.
    paystack.transfers.balances.set('GHS', 1_000_000);
    const again = await scene.pay(admin, payee);
    expect(again.statusCode).toBe(201);
    expect(again.json<PayoutView>().reference).not.toBe(view.reference);
  });

  it('a failed and a reversed transfer each put the money back on the balance, once', async () => {
    const { payee, admin } = await owedRestaurant(4_000);
    const failed = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(failed.id, 'pending');
    paystack.transfers.settle(failed.reference, 'failed');
    await scene.sendEvent(failed.reference);
    expect(await scene.payoutRow(failed.id)).toMatchObject({
      status: 'failed',
      failureReason: 'Paystack reported the transfer failed',
    });
    expect(await scene.owed(payee)).toBe(4_000);

    const reversed = (await scene.pay(admin, payee)).json<PayoutView>();
    expect(reversed.amount).toBe(4_000);
    await scene.waitForStatus(reversed.id, 'pending');
    paystack.transfers.settle(reversed.reference, 'success');
    await scene.sendEvent(reversed.reference);
    expect(await scene.owed(payee)).toBe(0);
    paystack.transfers.settle(reversed.reference, 'reversed', 'Reversed by the receiving bank');
    await scene.sendEvent(reversed.reference);
    await scene.sendEvent(reversed.reference);
    expect(await scene.payoutRow(reversed.id)).toMatchObject({
      status: 'reversed',
      failureReason: 'Reversed by the receiving bank',
    });
    expect((await postingsOf(reversed.id)).map((posting) => posting.kind)).toEqual(['payout_sent', 'payout_reversed']);
    expect((await postingsOf(reversed.id))[1]!.entries).toEqual([
      { account: 'restaurant', ownerId: payee.payeeId, amount: -4_000 },
      { account: 'paystack', ownerId: null, amount: 4_000 },
    ]);
    expect(await scene.owed(payee)).toBe(4_000);
  });

  it('finalises a transfer that waits for an OTP, refusing a wrong one', async () => {
    const { payee, admin } = await owedRestaurant();
    paystack.transfers.mode = 'otp';
    paystack.transfers.otp = '482913';
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'otp');
    const otp = (code: string, id = view.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/payouts/${id}/otp`, headers: admin.authHeader, payload: { otp: code } });

    const wrong = await otp('111111');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(PAYOUT_MESSAGES.otpRefused('Invalid OTP'));
    expect((await otp('12ab')).statusCode).toBe(400);
    expect((await scene.payoutRow(view.id))?.status).toBe('otp');

    const right = await otp('482913');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<PayoutView>()).toMatchObject({ id: view.id, status: 'success' });
    expect((await otp('482913')).statusCode).toBe(409);
    expect(paystack.calls.finalize).toBe(2);
    expect(paystack.transfers.transfers.get(view.reference)?.status).toBe('success');
    // Paystack's own transfer.success, arriving after, changes nothing.
    await scene.sendEvent(view.reference);
    expect((await postingsOf(view.id)).map((posting) => posting.kind)).toEqual(['payout_sent']);
  });

  it('asks Paystack for a new OTP for a payout waiting for one, which the new OTP then finalises; not for one that waits for none', async () => {
    const { payee, admin, owner } = await owedRestaurant();
    paystack.transfers.mode = 'otp';
    paystack.transfers.otp = '482913';
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'otp');
    const resend = (user = admin) =>
      t.app.inject({ method: 'POST', url: `/api/admin/payouts/${view.id}/otp/resend`, headers: user.authHeader });

    expect((await resend(owner)).statusCode).toBe(403);
    const resent = await resend();
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<PayoutView>()).toMatchObject({ id: view.id, status: 'otp' });
    expect(paystack.calls.resendOtp).toBe(1);
    const newOtp = paystack.transfers.otp;
    expect(newOtp).not.toBe('482913');

    const otp = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payouts/${view.id}/otp`,
        headers: admin.authHeader,
        payload: { otp: code },
      });
    expect((await otp('482913')).statusCode).toBe(422);
    expect((await otp(newOtp)).json<PayoutView>()).toMatchObject({ status: 'success' });

    const late = await resend();
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PAYOUT_MESSAGES.notWaitingForOtp);
    expect(paystack.calls.resendOtp).toBe(1);
  });

  it('the payout check settles a payout whose webhook never came, and leaves the others', async () => {
    const { payee, admin } = await owedRestaurant();
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await scene.waitForStatus(view.id, 'pending');
    const ctx = payoutContext(t.app);
    expect(await checkPayouts(ctx)).toEqual({ checked: 0, changed: 0, unavailable: 0 });
    expect(await checkPayouts(ctx, 0)).toEqual({ checked: 1, changed: 0, unavailable: 0 });
    paystack.transfers.settle(view.reference, 'success');
    paystack.transfers.failVerifies(1);
    expect(await checkPayouts(ctx, 0)).toEqual({ checked: 0, changed: 0, unavailable: 1 });
    expect(await checkPayouts(ctx, 0)).toEqual({ checked: 1, changed: 1, unavailable: 0 });
    expect((await scene.payoutRow(view.id))?.status).toBe('success');
    expect(await checkPayouts(ctx, 0)).toEqual({ checked: 0, changed: 0, unavailable: 0 });
  });

  it('the payout check sends again a payout whose job died before Paystack heard of it: one transfer', async () => {
    const { payee, admin } = await owedRestaurant();
    paystack.transfers.failTransfers(1);
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    await waitForJobs(t.app.db, 'payout', ([job]) => job?.state === 'retry');
    // Its last try used up: pg-boss keeps it failed, and nothing would send the payout any more.
    await t.app.db.execute(sql`update pgboss.job set state = 'failed' where name = 'payout'`);
    expect((await scene.payoutRow(view.id))?.status).toBe('queued');

    await checkPayouts(payoutContext(t.app), 0);
    await scene.waitForStatus(view.id, 'pending');
    expect(paystack.transfers.transfers.size).toBe(1);
    await checkPayouts(payoutContext(t.app), 0);
    expect(paystack.transfers.transfers.size).toBe(1);
  });

  it('pays everyone owed who has an account, after checking the balance covers it', async () => {
    const admin = await scene.admin();
    const a = await scene.restaurantIn('Ghana');
    const b = await scene.rider();
    const c = await scene.restaurantIn('Ghana');
    const nigerian = await scene.restaurantIn('Nigeria');
    await scene.withAccount(a.owner, a.payee);
    await scene.withAccount(b.user, b.payee, { recipientType: 'ghipss', bankCode: '130100', accountNumber: '1020304050' });
    await scene.withAccount(nigerian.owner, nigerian.payee, {
      recipientType: 'nuban',
      bankCode: '044',
      accountNumber: '0690000031',
    });
    await scene.owe(a.payee, 'GH₵', 3_000);
    await scene.owe(b.payee, 'GH₵', 2_500);
    await scene.owe(c.payee, 'GH₵', 1_000);
    await scene.owe(nigerian.payee, '₦', 50_000);
    await scene.owe(b.payee, '₦', 100);

    paystack.transfers.balances.set('GHS', 5_499);
    const short = await scene.payEveryone(admin);
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toBe('The Paystack balance GH₵54.99 is less than the GH₵55.00 due');
    expect(await t.app.db.select().from(payouts)).toEqual([]);

    paystack.transfers.balances.set('GHS', 5_500);
    const paid = await scene.payEveryone(admin);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ created: 2, skipped: 1, totalAmount: 5_500 });
    await waitForJobs(t.app.db, 'payout', (jobs) => jobs.length === 2 && jobs.every((job) => job.state === 'completed'));
    expect([...paystack.transfers.transfers.values()].map((transfer) => transfer.amount).sort()).toEqual([2_500, 3_000]);
    expect(paystack.transfers.balances.get('GHS')).toBe(0);
    expect(await scene.owed(c.payee)).toBe(1_000);

    // Again: everyone with an account was paid; the naira payee is another currency's.
    expect((await scene.payEveryone(admin)).json()).toEqual({ created: 0, skipped: 1, totalAmount: 0 });
    const naira = await scene.payEveryone(admin, '₦');
    // The rider's account is in cedis: skipped.
    expect(naira.json()).toEqual({ created: 1, skipped: 1, totalAmount: 50_000 });
    expect((await scene.payEveryone(admin, '$')).statusCode).toBe(422);
  });

  it('counts the payouts queued but not yet sent against the balance before paying everyone', async () => {
    const admin = await scene.admin();
    const first = await scene.restaurantIn('Ghana');
    const second = await scene.restaurantIn('Ghana');
    await scene.withAccount(first.owner, first.payee);
    await scene.withAccount(second.owner, second.payee);
    await scene.owe(first.payee, 'GH₵', 3_000);
    await scene.owe(second.payee, 'GH₵', 2_000);
    // Paystack is down for the first payout's transfer: it stays queued, its 30.00 still to come off the balance.
    paystack.transfers.failTransfers(1);
    const queued = (await scene.pay(admin, first.payee)).json<PayoutView>();
    await waitForJobs(t.app.db, 'payout', ([job]) => job?.state === 'retry');
    expect((await scene.payoutRow(queued.id))?.status).toBe('queued');

    paystack.transfers.balances.set('GHS', 4_999);
    const short = await scene.payEveryone(admin);
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toBe('The Paystack balance GH₵49.99 is less than the GH₵50.00 due');
    paystack.transfers.balances.set('GHS', 5_000);
    expect((await scene.payEveryone(admin)).json()).toEqual({ created: 1, skipped: 0, totalAmount: 2_000 });
  });

  it('refuses a payee without a payout account (422), one owed nothing (409), and one whose account is in another currency (422)', async () => {
    const admin = await scene.admin();
    const bare = await scene.restaurantIn('Ghana');
    await scene.owe(bare.payee, 'GH₵', 1_000);
    const noAccount = await scene.pay(admin, bare.payee);
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().error.message).toBe(PAYOUT_MESSAGES.noPayoutAccount);

    const { payee } = await owedRestaurant(0);
    expect((await scene.pay(admin, payee)).statusCode).toBe(409);
    await scene.owe(payee, '₦', 500);
    const naira = await scene.pay(admin, payee, '₦');
    expect(naira.statusCode).toBe(422);
    expect(naira.json().error.message).toBe(PAYOUT_MESSAGES.accountCurrency('GHS', 'NGN'));
    expect(paystack.transfers.transfers.size).toBe(0);
  });

  it('lists who is owed by name, with their payout under way, a page at a time', async () => {
    const admin = await scene.admin();
    const payees: Awaited<ReturnType<typeof scene.restaurantIn>>[] = [];
    for (let i = 0; i < 3; i++) {
      const kitchen = await scene.restaurantIn('Ghana');
      await scene.withAccount(kitchen.owner, kitchen.payee);
      await scene.owe(kitchen.payee, 'GH₵', 1_000 * (i + 1));
      payees.push(kitchen);
    }
    paystack.transfers.mode = 'otp';
    const made = (await scene.pay(admin, payees[0]!.payee)).json<PayoutView>();
    await scene.owe(payees[0]!.payee, 'GH₵', 250);

    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/payouts/due?${query}`, headers: admin.authHeader })).json<{
        items: PayoutDue[];
        nextCursor: string | null;
      }>();
    const first = await page('limit=2');
    expect(first.items).toHaveLength(2);
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((item) => item.name)).toEqual(payees.map((kitchen) => kitchen.restaurant.name).sort());
    expect(all.find((item) => item.payeeId === payees[0]!.restaurant.id)).toMatchObject({
      owed: 250,
      openPayout: { id: made.id, status: expect.stringMatching(/queued|otp/) },
    });
    const found = await page(`q=${encodeURIComponent(payees[1]!.restaurant.name.slice(-6))}`);
    expect(found.items.map((item) => item.payeeId)).toEqual([payees[1]!.restaurant.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/payouts/due?cursor=nope', headers: admin.authHeader })).statusCode,
    ).toBe(400);

    const balance = await t.app.inject({ method: 'GET', url: '/api/admin/payouts/balance', headers: admin.authHeader });
    expect(balance.json<{ balances: { currency: string; balance: number }[] }>().balances).toContainEqual({
      currency: 'GHS',
      balance: expect.any(Number),
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('with a second instance that learns of its commits late', () => {
    let proxy: CommitHoldingProxy;
    beforeAll(async () => {
      proxy = await startCommitHoldingProxy(process.env.TEST_DATABASE_URL!);
    });
    // Registered before the instance's own hooks, so it closes after the instance (hooks run as a stack).
    afterAll(() => proxy?.close());
    const late = useSecondInstance(t, { reroute: (url) => proxy.reroute(url) });

    it("a rider hears of the payout 'pay everyone' made before anything its job does with it", async () => {
      const admin = await scene.admin();
      const rider = await scene.rider();
      await scene.withAccount(rider.user, rider.payee);
      await scene.owe(rider.payee, 'GH₵', 4_000);
      const events: RealtimeEvent[] = [];
      const stop = await listenForEvents(t.database, (event) => events.push(event));
      try {
        proxy.holdCommits(1_500);
        const paid = await late.app.inject({
          method: 'POST',
          url: '/api/admin/payouts/everyone',
          headers: admin.authHeader,
          payload: { currencySymbol: 'GH₵' },
        });
        expect(paid.json()).toMatchObject({ created: 1 });
        const [payout] = await t.app.db.select({ id: payouts.id }).from(payouts);
        // Sent by either instance's job, woken by the commit, while this one still waited to hear of it.
        await scene.waitForStatus(payout!.id, 'pending');
        await t.database.caughtUp();
        const heard = events.filter((event) => event.topic === topics.driver(rider.user.userId));
        expect(heard.map((event) => event.type === 'payout.moved' && event.status)).toEqual(['queued', 'pending']);
      } finally {
        proxy.holdCommits(0);
        await stop();
      }
    });
  });

  it('posts a payout event once per payout and kind through postTransaction', async () => {
    const { payee, admin } = await owedRestaurant(2_000);
    paystack.transfers.mode = 'otp';
    const view = (await scene.pay(admin, payee)).json<PayoutView>();
    const post = () =>
      t.app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'payout_sent',
          payoutId: view.id,
          currencySymbol: 'GH₵',
          lines: [
            { account: 'restaurant', ownerId: payee.payeeId, amount: 2_000 },
            { account: 'paystack', ownerId: null, amount: -2_000 },
          ],
        }),
      );
    expect(await post()).toBeUndefined();
    expect(
      await t.app.db
        .select()
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.payoutId, view.id), eq(ledgerTransactions.kind, 'payout_sent'))),
    ).toHaveLength(1);
  });
});
