/**
 * Payouts through Paystack Transfers (decision 023). A restaurant (its owner) or a rider keeps one
 * payout account: a Paystack transfer recipient of one of these types, each used in one country.
 */
export const PAYOUT_RECIPIENT_TYPES = {
  /** A Ghanaian bank account (GhIPSS). */
  ghipss: { country: 'Ghana', currency: 'GHS', label: 'Bank account' },
  /** Mobile money in Ghana or Kenya (MTN MoMo, AirtelTigo, Telecel; M-PESA). */
  mobile_money: { country: null, currency: null, label: 'Mobile money' },
  /** A Nigerian bank account (NUBAN). */
  nuban: { country: 'Nigeria', currency: 'NGN', label: 'Bank account' },
  /** A Kenyan bank account (KEPSS). */
  kepss: { country: 'Kenya', currency: 'KES', label: 'Bank account' },
} as const;
export type PayoutRecipientType = keyof typeof PAYOUT_RECIPIENT_TYPES;
export const PAYOUT_RECIPIENT_TYPE_NAMES = [
  'ghipss',
  'mobile_money',
  'nuban',
  'kepss',
] as const satisfies readonly PayoutRecipientType[];

/** Whose payout account or payout it is: the ledger account it is paid from. */
export const PAYEE_ACCOUNTS = ['restaurant', 'rider'] as const;
export type PayeeAccount = (typeof PAYEE_ACCOUNTS)[number];

/**
 * Where a payout stands. `queued`: on our books, the transfer not yet asked of Paystack;
 * `pending`: Paystack accepted it; `otp`: Paystack waits for the OTP it sent the operator;
 * `success`, `failed`, `reversed`: as Paystack's transfer webhooks and verify report it. A failed
 * or reversed payout's money is back on the payee's balance.
 */
export const PAYOUT_STATUSES = ['queued', 'pending', 'otp', 'success', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
