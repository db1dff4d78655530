import { toMinor } from '@shared/money.js';
import { CHECKOUT_MESSAGES } from '@shared/orders/schemas.js';

/** The suggested tips, as percentages of the food. */
const TIP_PERCENTS = [5, 10, 15] as const;
type TipPercent = (typeof TIP_PERCENTS)[number];

/** What the customer picked in 'Tip your rider'. */
export type TipChoice = 'none' | `${TipPercent}%` | 'other';

export interface SuggestedTip {
  choice: `${TipPercent}%`;
  percent: TipPercent;
  /** Minor units. */
  amount: number;
}

/** One major unit (a cedi, a naira) in minor units: suggested tips are whole ones. */
const MAJOR = 100;

export const TIP_MESSAGES = {
  notAnAmount: 'Enter the tip as an amount, such as 5 or 5.50',
  empty: 'Enter the tip amount, or choose None',
  overSubtotal: CHECKOUT_MESSAGES.tipOverSubtotal,
} as const;

/**
 * The suggested tips for food costing `subtotal` (minor units): each percentage rounded up to a
 * whole major unit. A suggestion above the food's price (the server refuses it) or equal to a
 * smaller one's amount is left out, so every button offers a different amount.
 */
export function suggestedTips(subtotal: number): SuggestedTip[] {
  const tips: SuggestedTip[] = [];
  for (const percent of TIP_PERCENTS) {
    const amount = Math.ceil((subtotal * percent) / 100 / MAJOR) * MAJOR;
    if (amount <= 0 || amount > subtotal || tips.some((tip) => tip.amount === amount)) continue;
    tips.push({ choice: `${percent}%`, percent, amount });
  }
  return tips;
}

export type TipAmount = { ok: true; amount: number } | { ok: false; error: string };

/** The amount typed under 'Other', in minor units, or why it is not one the server takes. */
export function parseOtherTip(text: string, subtotal: number): TipAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: TIP_MESSAGES.empty };
  let amount: number;
  try {
    amount = toMinor(trimmed);
  } catch {
    return { ok: false, error: TIP_MESSAGES.notAnAmount };
  }
  if (amount < 0) return { ok: false, error: TIP_MESSAGES.notAnAmount };
  if (amount > subtotal) return { ok: false, error: TIP_MESSAGES.overSubtotal };
  return { ok: true, amount };
}

/** The choice as it stands for food costing `subtotal`: a suggestion no longer offered (the cart shrank) is none. */
export function currentTipChoice(choice: TipChoice, subtotal: number): TipChoice {
  if (choice === 'none' || choice === 'other') return choice;
  return suggestedTips(subtotal).some((tip) => tip.choice === choice) ? choice : 'none';
}

/** The tip in minor units for a choice (see currentTipChoice), or why the typed one is refused. */
export function tipAmountOf(choice: TipChoice, otherText: string, subtotal: number): TipAmount {
  if (choice === 'other') return parseOtherTip(otherText, subtotal);
  const suggested = suggestedTips(subtotal).find((tip) => tip.choice === choice);
  return { ok: true, amount: suggested?.amount ?? 0 };
}
