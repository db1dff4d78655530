import { z } from 'zod';
import { boundedText } from '../fields.js';
import { toMinor } from '../money.js';

/** 1,000,000.00 in any currency: far above any dish, far below what an integer column holds. */
export const MAX_PRICE_MINOR = 100_000_000;

export const PRICE_MESSAGES = {
  required: 'Price is required',
  invalid: 'Enter the price as a number with at most 2 decimals, such as 12.50',
  negative: 'Price cannot be negative',
  tooHigh: 'Price must be at most 1,000,000.00',
} as const;

export type PriceParse = { ok: true; minor: number } | { ok: false; message: string };

/**
 * A typed price ('12.10', '12.1', '.5', 12.1) as exact minor units (1210): the decimal text is
 * parsed digit by digit, never multiplied as a float, so 12.10 stays 1210 and 0.29 stays 29.
 */
export function parsePrice(value: string | number): PriceParse {
  const text = String(value).trim();
  if (text === '') return { ok: false, message: PRICE_MESSAGES.required };
  if (text.startsWith('-')) return { ok: false, message: PRICE_MESSAGES.negative };
  let minor: number;
  try {
    minor = toMinor(text);
  } catch {
    return { ok: false, message: PRICE_MESSAGES.invalid };
  }
  if (minor > MAX_PRICE_MINOR) return { ok: false, message: PRICE_MESSAGES.tooHigh };
  return { ok: true, minor };
}

/**
 * A price typed as a decimal ('12.10'), kept as exact minor units (1210). `whenEmpty` is what an
 * empty field means ('0' for a choice's extra price); without it an empty field is refused.
 */
export const priceField = (whenEmpty?: string) =>
  z.union([boundedText(32, PRICE_MESSAGES.invalid), z.number()], { message: PRICE_MESSAGES.required }).transform((value, ctx) => {
    const parsed = parsePrice(value === '' && whenEmpty !== undefined ? whenEmpty : value);
    if (parsed.ok) return parsed.minor;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });
