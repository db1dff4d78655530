import { PAYOUT_RECIPIENT_TYPES, PAYOUT_RECIPIENT_TYPE_NAMES, type PayoutRecipientType } from './kinds.js';
import { MOBILE_MONEY_COUNTRIES, type MobileMoneyCountry } from './schemas.js';

/** Where each kind of payout account is used (Paystack transfer recipients) and in which currency it is paid. */

const MOBILE_MONEY_CURRENCIES: Record<MobileMoneyCountry, 'GHS' | 'KES'> = { Ghana: 'GHS', Kenya: 'KES' };

export const isMobileMoneyCountry = (country: string): country is MobileMoneyCountry =>
  (MOBILE_MONEY_COUNTRIES as readonly string[]).includes(country);

/** The kinds of payout account used in a country (a restaurant's): none where Paystack pays no one. */
export function recipientTypesIn(country: string): PayoutRecipientType[] {
  return PAYOUT_RECIPIENT_TYPE_NAMES.filter((type) =>
    type === 'mobile_money' ? isMobileMoneyCountry(country) : PAYOUT_RECIPIENT_TYPES[type].country === country,
  );
}

export interface PayoutPlace {
  country: string;
  /** ISO code the account is paid in. */
  currency: string;
}

/**
 * The country and currency of an account of this type: fixed for bank accounts, the given
 * country's for mobile money (undefined without one of Ghana or Kenya).
 */
export function payoutPlaceOf(type: PayoutRecipientType, mobileMoneyCountry: string | undefined): PayoutPlace | undefined {
  if (type !== 'mobile_money') {
    const { country, currency } = PAYOUT_RECIPIENT_TYPES[type];
    return { country, currency };
  }
  if (!mobileMoneyCountry || !isMobileMoneyCountry(mobileMoneyCountry)) return undefined;
  return { country: mobileMoneyCountry, currency: MOBILE_MONEY_CURRENCIES[mobileMoneyCountry] };
}

/** The currencies Paystack transfers pay in: those of the recipient types. */
const TRANSFER_CURRENCIES = ['GHS', 'NGN', 'KES'] as const;
export const isTransferCurrency = (code: string): boolean => (TRANSFER_CURRENCIES as readonly string[]).includes(code);
