/**
 * Paying out PAYEES accounts (default 10,000: half restaurants, half riders) against the local
 * Paystack stand-in (src/server/test/paystack.ts): each is owed money on the ledger and has a
 * mobile money payout account whose transfer recipient the stand-in knows. An admin clicks
 * 'pay everyone' (POST /api/admin/payouts/everyone, which checks the Paystack balance and writes
 * every payout with its payout_sent posting and its job); the `payout` jobs ask the stand-in for
 * each transfer; the stand-in settles each as it accepts it and posts the signed transfer.success
 * webhook back, as Paystack would. Per database it prints the time of the click, the time until
 * Paystack was asked for every transfer, the time until every payout is success, payouts per
 * second over the whole, and checks: one transfer per payout, nobody owed anything after, the
 * ledger balanced.
 * Run: npx tsx bench/payouts.bench.ts (BENCH_DATABASES=pglite,postgres by default)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.js';
import { readLedgerTotals } from '../src/server/ledger/booksRepository.js';
import { paystackTestConfig, startPaystackStandIn, type PaystackStandIn } from '../src/server/test/paystack.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';

const PAYEES = Number(process.env.BENCH_PAYOUT_PAYEES ?? 10_000);
/** Gives up waiting for every payout to succeed after this long. */
const TIMEOUT_MS = Number(process.env.BENCH_PAYOUT_TIMEOUT_SECONDS ?? 100) * 1000;

interface Payee {
  payee: 'restaurant' | 'rider';
  payee_id: string;
  amount: number;
}

/** PAYEES/2 restaurants (with their owners) and the rest riders, each owed money and with a payout account the stand-in knows. */
async function seed(server: BenchServer, paystack: PaystackStandIn): Promise<Payee[]> {
  const db = server.app.db;
  const restaurants = Math.floor(PAYEES / 2);
  const accounts = (role: string, count: number) => sql`
    with made as (
      insert into users (email, password_hash)
      select ${role} || '-' || gen_random_uuid() || '@bench.local', 'no-password' from generate_series(1, ${count})
      returning id
    ), named as (
      insert into profiles (id, full_name, phone) select id, 'Bench ' || ${role}, '+233 20 000 0000' from made
    ), roled as (
      insert into user_roles (user_id, role) select id, ${role} from made
    )`;
  const kitchens = rowsOf<{ id: string }>(
    await db.execute(sql`
      ${accounts('restaurant', restaurants)}
      insert into restaurants (owner_id, name, description, address, phone, country, currency_symbol, latitude, longitude)
      select id, 'Payout Kitchen ' || left(id::text, 8), '', '12 Oxford Street, Accra', '+233 30 123 4567', 'Ghana', 'GH₵', 5.556, -0.1826
      from made
      returning id`),
  );
  const riders = rowsOf<{ id: string }>(await db.execute(sql`${accounts('driver', PAYEES - restaurants)} select id from made`));
  const payees: Payee[] = [
    ...kitchens.map(({ id }, n) => ({ payee: 'restaurant' as const, payee_id: id, amount: 1_000 + (n % 50) * 137 })),
    ...riders.map(({ id }, n) => ({ payee: 'rider' as const, payee_id: id, amount: 500 + (n % 40) * 61 })),
  ];
  const payoutAccounts = payees.map(({ payee, payee_id }, n) => {
    const accountNumber = `024${String(1_000_000 + n).padStart(7, '0')}`;
    const name = `BENCH PAYEE ${n}`;
    return {
      payee,
      payee_id,
      account_number: accountNumber,
      account_name: name,
      recipient_code: paystack.transfers.addRecipient({ type: 'mobile_money', bankCode: 'MTN', accountNumber, name }),
    };
  });
  await db.execute(sql`
    insert into payout_accounts (payee, payee_id, recipient_type, bank_code, bank_name, account_number, account_name, currency, recipient_code)
    select payee, payee_id, 'mobile_money', 'MTN', 'MTN Mobile Money', account_number, account_name, 'GHS', recipient_code
    from jsonb_to_recordset(${JSON.stringify(payoutAccounts)}::jsonb)
      as a(payee text, payee_id uuid, account_number text, account_name text, recipient_code text)`);
  // What each is owed: one balanced posting each (the payee's account credited), as deliveries would leave it.
  await db.execute(sql`
    with owed as (
      select gen_random_uuid() as transaction_id, p.payee, p.payee_id, p.amount
      from jsonb_to_recordset(${JSON.stringify(payees)}::jsonb) as p(payee text, payee_id uuid, amount bigint)
    ), posted as (
      insert into ledger_transactions (id, kind, memo) select transaction_id, 'cash_handed_in', 'bench fixture: money owed' from owed
    )
    insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount)
    select o.transaction_id, l.account, l.owner_id, 'GH₵', l.amount
    from owed o cross join lateral (values (o.payee, o.payee_id, -o.amount), ('cash_received', null::uuid, o.amount)) as l(account, owner_id, amount)`);
  return payees;
}

async function statusCounts(server: BenchServer) {
  const rows = rowsOf<{ status: string; n: number }>(
    await server.app.db.execute(sql`select status, count(*)::int as n from payouts group by status`),
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
}

async function run(kind: DatabaseKind) {
  const paystack = await startPaystackStandIn();
  const server = await startBenchServer(kind, { settings: paystackTestConfig(paystack) });
  try {
    const payees = await seed(server, paystack);
    const [admin] = await insertSignedInAccounts(server.app.db, server.app.config.JWT_SECRET, 'admin', 1);
    paystack.transfers.webhookUrl = `${server.url}/api/payments/paystack/webhook`;
    paystack.transfers.autoSettle = { outcome: 'success', delayMs: 0, concurrency: 16 };
    const due = payees.reduce((sum, payee) => sum + payee.amount, 0);

    const started = performance.now();
    const res = await fetch(`${server.url}/api/admin/payouts/everyone`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin!.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currencySymbol: 'GH₵' }),
    });
    const clickMs = performance.now() - started;
    const answer = (await res.json()) as { created?: number; skipped?: number; totalAmount?: number };
    if (res.status !== 200) throw new Error(`pay everyone answered ${res.status}: ${JSON.stringify(answer)}`);

    let askedMs: number | undefined;
    let counts: Record<string, number> = {};
    for (;;) {
      if (askedMs === undefined && paystack.transfers.transfers.size >= PAYEES) askedMs = performance.now() - started;
      counts = await statusCounts(server);
      if (process.env.BENCH_PROGRESS)
        process.stderr.write(
          `${Math.round(performance.now() - started)} ${JSON.stringify(counts)} asked=${paystack.transfers.transfers.size}\n`,
        );
      if ((counts.success ?? 0) >= PAYEES || performance.now() - started > TIMEOUT_MS) break;
      await sleep(200);
    }
    const allMs = performance.now() - started;
    await paystack.transfers.webhooksSent();

    const [left] = rowsOf<{ owed: number }>(
      await server.app.db.execute(sql`
        select count(*)::int as owed from (
          select 1 from ledger_entries where account in ('restaurant', 'rider') group by account, owner_id, currency_symbol having sum(amount) <> 0
        ) s`),
    );
    const totals = await readLedgerTotals(server.app.db, 10);
    report('payouts', kind, {
      payees: PAYEES,
      clickMs: Math.round(clickMs),
      created: answer.created,
      totalAmount: answer.totalAmount,
      totalMatchesDue: answer.totalAmount === due,
      allAskedOfPaystackMs: askedMs === undefined ? null : Math.round(askedMs),
      allSuccessMs: Math.round(allMs),
      payoutsPerSec: Math.round(((counts.success ?? 0) / allMs) * 1000),
      statuses: counts,
      transfersAtPaystack: paystack.transfers.transfers.size,
      oneTransferEach: paystack.transfers.transfers.size === PAYEES && (counts.success ?? 0) === PAYEES,
      paystackCalls: {
        transfer: paystack.calls.transfer,
        transferVerify: paystack.calls.transferVerify ?? 0,
        balance: paystack.calls.balance,
      },
      payeesStillOwed: left?.owed ?? null,
      ledgerBalanced: totals.unbalancedCount === 0 && totals.currencies.every((currency) => currency.sum === 0),
    });
  } finally {
    await server.close();
    await paystack.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
