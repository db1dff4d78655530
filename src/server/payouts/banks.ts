import type { PaystackKeys } from '../payments/paystack.js';
import { listBanks, type Bank } from './paystackTransfers.js';

/**
 * Paystack's banks and mobile-money providers by country and recipient type, kept an hour: the
 * payout form asks for them on every visit, and they change a few times a year.
 */
const KEEP_MS = 60 * 60 * 1000;

const lists = new Map<string, { at: number; banks: Promise<Bank[]> }>();

export function banksOf(keys: PaystackKeys, country: string, type: string): Promise<Bank[]> {
  const key = `${keys.apiUrl}|${country}|${type}`;
  const kept = lists.get(key);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.banks;
  const banks = listBanks(keys, { country, type });
  lists.set(key, { at: Date.now(), banks });
  // A failed listing is not kept: the next visit asks again.
  banks.catch(() => {
    if (lists.get(key)?.banks === banks) lists.delete(key);
  });
  return banks;
}

/** The bank or provider of `code` among a country's banks of a type, if it is one. */
export async function findBank(keys: PaystackKeys, country: string, type: string, code: string): Promise<Bank | undefined> {
  return (await banksOf(keys, country, type)).find((bank) => bank.code === code);
}
