/**
 * The ledger's accounts (decision 022). Amounts are signed, a debit positive: the platform's
 * assets and its costs carry debit (positive) balances, what it owes and what it earns carry credit
 * (negative) ones. `restaurant`, `rider` and `rider_cash` belong to one restaurant or rider each.
 */
export const LEDGER_ACCOUNTS = [
  /** Money Paystack holds for the platform: card payments in, refunds and transfers out. */
  'paystack',
  /** A card order's payment, held until the order is delivered or refunded. */
  'customer_funds',
  /** Cash a rider collected for cash orders and has not handed in. */
  'rider_cash',
  /** Cash riders handed in to the platform. */
  'cash_received',
  /** What the platform owes a restaurant: its payout of each delivered order. */
  'restaurant',
  /** What the platform owes a rider: their part of each delivery fee, and the tips. */
  'rider',
  /** The platform's commission on food. */
  'commission',
  /** The platform's share of delivery fees. */
  'delivery_share',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * The money events the ledger records; an order's and a payout's happen once each. `payment_kept`:
 * support cancelled a paid card order and kept the payment (the food was made): the restaurant and
 * the platform are credited as for a delivery without a rider.
 */
export const LEDGER_EVENTS = [
  'order_paid',
  'order_delivered',
  'order_refunded',
  'payment_kept',
  'cash_handed_in',
  'payout_sent',
  'payout_failed',
  'payout_reversed',
] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];
