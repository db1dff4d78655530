import type { LedgerAccount, LedgerEvent } from '@shared/ledger/accounts.js';
import type { Tx } from '../db/client.js';
import { insertPosting, type PostedAt, type PostingResult } from './postingsRepository.js';

interface PostingLine {
  account: LedgerAccount;
  /** The restaurant or rider the account belongs to; null for the platform's own accounts. */
  ownerId: string | null;
  /** Signed minor units, a debit positive. */
  amount: number;
}

export interface Posting {
  kind: LedgerEvent;
  /** The order the event is of: it is posted once per order. */
  orderId?: string;
  /** The payout the event is of (never with an order): it is posted once per payout. */
  payoutId?: string;
  memo?: string;
  currencySymbol: string;
  lines: PostingLine[];
  /** When the event happened, for history written afterwards (the demo seed); now otherwise. */
  at?: PostedAt;
}

/** A posting that breaks the ledger's rules is a bug in its caller: thrown as is, so it answers 500 and rolls back. */
export class UnbalancedPostingError extends Error {
  constructor(kind: LedgerEvent, detail: string) {
    super(`ledger: a ${kind} posting ${detail}`);
    this.name = 'UnbalancedPostingError';
  }
}

/** What an order posting answered: the new transaction, or undefined when there was nothing to post or it was posted already. */
export function postedId(kind: LedgerEvent, result: PostingResult): string | undefined {
  if (result.sum !== '0') throw new UnbalancedPostingError(kind, `sums to ${result.sum}, not 0`);
  return result.id ?? undefined;
}

/**
 * Writes one ledger transaction and its entries in the caller's transaction `tx`, in one
 * statement: lines of 0 are left out, and lines that do not sum to 0 (or are not whole minor
 * units) throw before anything is written. An order's event is posted once: when this (orderId,
 * kind) is posted already, nothing is written and the answer is undefined; otherwise the new
 * transaction's id. So is a payout's, per (payoutId, kind).
 */
export async function postTransaction(tx: Tx, t: Posting): Promise<string | undefined> {
  let sum = 0;
  for (const line of t.lines) {
    if (!Number.isSafeInteger(line.amount))
      throw new UnbalancedPostingError(t.kind, `has an amount that is not whole: ${line.amount}`);
    sum += line.amount;
  }
  if (sum !== 0) throw new UnbalancedPostingError(t.kind, `sums to ${sum}, not 0`);
  if (t.orderId && t.payoutId) throw new UnbalancedPostingError(t.kind, 'names both an order and a payout');
  const result = await insertPosting(tx, {
    kind: t.kind,
    orderId: t.orderId ?? null,
    payoutId: t.payoutId ?? null,
    memo: t.memo ?? null,
    currencySymbol: t.currencySymbol,
    lines: t.lines.filter((line) => line.amount !== 0),
    at: t.at,
  });
  return postedId(t.kind, result);
}
