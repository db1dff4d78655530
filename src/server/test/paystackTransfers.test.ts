import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sign, startPaystackStandIn, type PaystackStandIn } from './paystack.js';

describe("the Paystack stand-in's transfers", () => {
  let standIn: PaystackStandIn;
  beforeAll(async () => {
    standIn = await startPaystackStandIn();
  });
  beforeEach(() => standIn.transfers.reset());
  afterAll(() => standIn.close());

  interface Reply {
    status: boolean;
    message: string;
    data: {
      status: string;
      reference: string;
      amount: number;
      transfer_code: string;
      recipient_code: string;
      recipient?: object;
    };
  }
  interface BankPage {
    data: { code: string; active: boolean }[];
    meta: { next: string | null };
  }
  interface Balances {
    data: { currency: string; balance: number }[];
  }

  async function ask<T = Reply>(path: string, body?: object) {
    const res = await fetch(`${standIn.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${standIn.secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as T };
  }

  async function recipient() {
    const made = await ask('/transferrecipient', {
      type: 'mobile_money',
      name: 'AMA OWUSU',
      account_number: '0241234567',
      bank_code: 'MTN',
      currency: 'GHS',
    });
    expect(made.status).toBe(201);
    return made.json.data.recipient_code;
  }

  it('lists banks a page at a time with its cursor, as Paystack does', async () => {
    const first = await ask<BankPage>('/bank?country=ghana&type=ghipss&perPage=2&use_cursor=true');
    expect(first.json.data.map((bank) => bank.code)).toEqual(['280100', '030100']);
    const second = await ask<BankPage>(`/bank?country=ghana&type=ghipss&perPage=2&use_cursor=true&next=${first.json.meta.next}`);
    expect(second.json.data.map((bank) => [bank.code, bank.active])).toEqual([
      ['130100', true],
      ['999100', false],
    ]);
    expect(second.json.meta.next).toBeNull();
  });

  it('makes one transfer per reference: the same reference again is the duplicate error', async () => {
    const code = await recipient();
    expect(await recipient()).toBe(code);
    const transfer = { source: 'balance', amount: 5_000, recipient: code, reference: 'payout_0123456789abcdef', currency: 'GHS' };
    const first = await ask('/transfer', transfer);
    expect(first.json).toMatchObject({ status: true, data: { status: 'pending', reference: transfer.reference, amount: 5_000 } });
    expect(first.json.data.transfer_code).toMatch(/^TRF_/);
    const again = await ask('/transfer', transfer);
    expect(again).toEqual({ status: 400, json: { status: false, message: 'Duplicate Transfer Reference' } });
    expect(standIn.transfers.transfers.size).toBe(1);
    expect((await ask('/transfer', { ...transfer, reference: 'Not-Lower-Case-Ref' })).status).toBe(400);

    const verified = await ask(`/transfer/verify/${transfer.reference}`);
    expect(verified.json.data).toMatchObject({
      status: 'pending',
      recipient: { recipient_code: code, details: { bank_code: 'MTN' } },
    });
    expect((await ask('/transfer/verify/payout_nobody_made_this')).status).toBe(404);

    const cedis = async () => (await ask<Balances>('/balance')).json.data.find((row) => row.currency === 'GHS')?.balance ?? 0;
    const before = await cedis();
    standIn.transfers.settle(transfer.reference, 'failed');
    expect((await cedis()) - before).toBe(5_000);
  });

  it('holds a transfer for its OTP, sends a new OTP on request, and signs its events', async () => {
    const code = await recipient();
    standIn.transfers.mode = 'otp';
    const made = await ask('/transfer', {
      source: 'balance',
      amount: 700,
      recipient: code,
      reference: 'payout_otp_0000000001',
      currency: 'GHS',
    });
    expect(made.json).toMatchObject({ message: 'Transfer requires OTP to continue', data: { status: 'otp' } });
    const transferCode = made.json.data.transfer_code;
    expect((await ask('/transfer/finalize_transfer', { transfer_code: transferCode, otp: '000000' })).json.message).toBe(
      'Invalid OTP',
    );
    const firstOtp = standIn.transfers.otp;
    const resent = await ask('/transfer/resend_otp', { transfer_code: transferCode, reason: 'transfer' });
    expect(resent.json).toEqual({ status: true, message: 'OTP has been resent' });
    expect(standIn.transfers.otp).not.toBe(firstOtp);
    const done = await ask('/transfer/finalize_transfer', { transfer_code: transferCode, otp: standIn.transfers.otp });
    expect(done.json.data.status).toBe('success');
    expect((await ask('/transfer/resend_otp', { transfer_code: transferCode, reason: 'transfer' })).json.message).toBe(
      'Transfer is not currently awaiting OTP',
    );
    const { body, signature } = standIn.transfers.event('payout_otp_0000000001');
    expect(signature).toBe(sign(standIn.secretKey, body));
    expect(JSON.parse(body)).toMatchObject({
      event: 'transfer.success',
      data: { reference: 'payout_otp_0000000001', status: 'success' },
    });
  });
});
