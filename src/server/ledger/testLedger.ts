import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Queryable } from '../db/client.js';
import { ledgerEntries, ledgerTransactions } from '../db/schema.js';
import { readLedgerTotals } from './booksRepository.js';

/**
 * Test helpers for the ledger, for any domain's tests. `expectLedgerBalanced` runs the admin's
 * check (booksRepository.readLedgerTotals): every transaction sums to zero in each currency, and
 * so does the whole ledger. Answers the totals, for a test to say more about them.
 */
export async function expectLedgerBalanced(db: Queryable) {
  const totals = await readLedgerTotals(db, 10);
  expect(totals.unbalanced, 'ledger transactions whose entries do not sum to zero').toEqual([]);
  expect(totals.unbalancedCount).toBe(0);
  for (const currency of totals.currencies)
    expect(currency, 'the whole ledger sums to zero in each currency').toMatchObject({ sum: 0 });
  return totals;
}

export interface TestPosting {
  transactionId: string;
  kind: string;
  memo: string | null;
  entries: { account: string; ownerId: string | null; currencySymbol: string; amount: number }[];
}

/** The order's ledger transactions, oldest first, each with its entries in the order written. */
export async function orderPostings(db: Queryable, orderId: string): Promise<TestPosting[]> {
  const transactions = await db
    .select({ transactionId: ledgerTransactions.id, kind: ledgerTransactions.kind, memo: ledgerTransactions.memo })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.orderId, orderId))
    .orderBy(asc(ledgerTransactions.createdAt));
  const postings: TestPosting[] = [];
  for (const transaction of transactions) {
    const entries = await db
      .select({
        account: ledgerEntries.account,
        ownerId: ledgerEntries.ownerId,
        currencySymbol: ledgerEntries.currencySymbol,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transaction.transactionId))
      .orderBy(asc(ledgerEntries.id));
    postings.push({ ...transaction, entries: entries.map((entry) => ({ ...entry, amount: Number(entry.amount) })) });
  }
  return postings;
}
