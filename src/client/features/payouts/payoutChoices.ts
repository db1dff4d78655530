import { PAYOUT_RECIPIENT_TYPES, type PayoutRecipientType } from '@shared/payouts/kinds.js';
import { CURRENCY_CODES, type CurrencySymbol } from '@shared/restaurants/currency.js';

/** The countries a rider picks from: those of Paystack's bank accounts, which mobile money's countries are among. */
export const RIDER_PAYOUT_COUNTRIES = ['Ghana', 'Kenya', 'Nigeria'] as const;

const BANK_TYPES = Object.values(PAYOUT_RECIPIENT_TYPES).filter((type) => type.country !== null);

/** The country a saved account pays out in, from its currency (GHS, KES, NGN), or null when unknown. */
export const countryOfCurrency = (currency: string | null): string | null =>
  BANK_TYPES.find((type) => type.currency === currency)?.country ?? null;

const DIALLING_CODES: Record<string, string> = { '+233': 'Ghana', '+254': 'Kenya', '+234': 'Nigeria' };

/** A rider's likely payout country from their phone number (+233…, +254…, +234…), or null. */
export function countryOfPhone(phone: string): string | null {
  const compact = phone.replace(/[\s-]/g, '');
  const code = Object.keys(DIALLING_CODES).find((prefix) => compact.startsWith(prefix));
  return code ? (DIALLING_CODES[code] ?? null) : null;
}

/** The currency symbol of an ISO code Paystack reports a balance in (GHS → GH₵), or the code itself. */
export function symbolOfCurrency(code: string): string {
  const symbol = (Object.keys(CURRENCY_CODES) as CurrencySymbol[]).find((candidate) => CURRENCY_CODES[candidate] === code);
  return symbol ?? `${code} `;
}

/** What the account's number is called: a phone number for mobile money, an account number for a bank. */
export const numberLabel = (type: PayoutRecipientType) => (type === 'mobile_money' ? 'Mobile money number' : 'Account number');

/** What the institution is called: a provider (MTN, M-PESA) for mobile money, a bank otherwise. */
export const institutionLabel = (type: PayoutRecipientType) => (type === 'mobile_money' ? 'Mobile money provider' : 'Bank');
