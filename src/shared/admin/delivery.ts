import { z } from 'zod';
import { deliveryPricingSchema, quoteDelivery, type DeliveryPricing } from '../delivery/fees.js';
import { boundedText } from '../fields.js';
import { bpsToPercent, formatMoney, toMajorString, toMinor, TooLargeError } from '../money.js';
import { CURRENCY_SYMBOLS } from '../restaurants/currency.js';
import { percentToCommissionBps } from './commission.js';

/**
 * Delivery fees in admin Settings (decision 022): the road factor, the platform's share of each
 * delivery fee, and one row of pricing per currency (shared/delivery/fees.ts prices a delivery
 * with them). GET and PUT /api/admin/delivery-settings carry them in the units the database keeps:
 * minor units, metres, the road factor as a percentage (130 = 1.3 times) and the share as a
 * percentage in steps of 0.1 (stored as basis points, as the commission is). Each currency may
 * also have a cash limit (issue 22 item 4): a rider holding more cash than it in that currency is
 * offered card-paid orders only until the cash they hand in is recorded; null (an empty field in
 * the form) is no limit.
 *
 * The form shows decimals instead (fees '8.00', distances in km, the road factor '1.3'): its
 * schema reads each text and hands the number to the API's own schema for that field, and both
 * check the rows with the same rule, so the form and the server refuse the same things with the
 * same words.
 */

/** An integer column's largest value: no fee may be more. */
const MAX_FEE = 2_147_483_647;

export const DELIVERY_LIMITS = {
  maxFee: MAX_FEE,
  /** The longest distance a currency's pricing may deliver to: from 0.1 km to 200 km. */
  maxMeters: { min: 100, max: 200_000 },
  /** Road distance as a percentage of the straight line: 1.0 to 3.0 times. */
  roadFactorPercent: { min: 100, max: 300 },
  sharePercent: { min: 0, max: 100, step: 0.1 },
} as const;

export const DELIVERY_SETTINGS_MESSAGES = {
  currencyRequired: 'Choose a currency',
  currencyTwice: (symbol: string) => `${symbol} has a row already: price each currency once`,
  tooManyRows: `At most ${CURRENCY_SYMBOLS.length} rows, one per currency`,
  feeEmpty: 'Enter an amount, such as 8.00',
  feeNotAmount: 'Enter an amount with at most 2 decimals, such as 8.00',
  feeNotMinor: 'Fees are whole minor units (800 for 8.00)',
  feeNegative: 'A fee cannot be negative',
  feeTooHigh: `A fee must be at most ${formatMoney(MAX_FEE, '')}`,
  distanceEmpty: 'Enter a distance in km, such as 3 or 2.5',
  distanceNotKm: 'Enter a distance in km with at most 3 decimals, such as 3 or 2.5',
  distanceNotMeters: 'Distances are whole metres',
  includedRange: 'The included distance must be from 0 km to 200 km',
  includedAboveMax: 'The included distance cannot be more than the maximum distance',
  farthestFeeTooHigh: `At the maximum distance the fee would be more than ${formatMoney(MAX_FEE, '')}: lower the fees or the maximum distance`,
  maxRange: 'The maximum distance must be from 0.1 km to 200 km',
  roadFactorEmpty: 'Enter the road factor, such as 1.3',
  roadFactorNotNumber: 'Enter the road factor as a number with at most 2 decimals, such as 1.3',
  roadFactorRange: 'The road factor must be from 1.0 to 3.0',
  roadFactorPercentNotWhole: 'The road factor is a whole percentage (130 for 1.3)',
  shareNotNumber: "Enter the platform's share as a number from 0 to 100, such as 20",
  shareRange: "The platform's share must be from 0 to 100%",
  shareStep: "The platform's share goes in steps of 0.1%, for example 12.5",
  cashLimitNotAmount: 'Enter the cash limit as an amount with at most 2 decimals, such as 500.00, or leave it empty for no limit',
  cashLimitNotMinor: 'The cash limit is whole minor units (50000 for 500.00)',
  cashLimitNegative: 'The cash limit cannot be negative',
  cashLimitTooHigh: `The cash limit must be at most ${formatMoney(MAX_FEE, '')}`,
  loadFailed: 'Failed to load delivery fees',
  updateFailed: 'Failed to update delivery fees',
  updated: 'Delivery fees updated successfully',
} as const;
const M = DELIVERY_SETTINGS_MESSAGES;

/** Whether a percentage is a whole number of tenths (12.5 yes, 12.55 no), allowing for binary fractions such as 0.1 + 0.2. */
const inTenths = (percent: number) => Math.abs(percent * 10 - Math.round(percent * 10)) < 1e-9;

// The API's fields, in the database's units. Each message says what the form says.

const currencySymbolSchema = z.enum(CURRENCY_SYMBOLS, { message: M.currencyRequired });

const feeSchema = z.number({ message: M.feeNotAmount }).int(M.feeNotMinor).min(0, M.feeNegative).max(MAX_FEE, M.feeTooHigh);

const cashLimitAmountSchema = z
  .number({ message: M.cashLimitNotAmount })
  .int(M.cashLimitNotMinor)
  .min(0, M.cashLimitNegative)
  .max(MAX_FEE, M.cashLimitTooHigh);
/** The most cash a rider may hold in the currency and still be offered cash orders; null or left out: no limit. */
const cashLimitSchema = cashLimitAmountSchema.nullable().default(null);

const includedMetersSchema = z
  .number({ message: M.distanceNotKm })
  .int(M.distanceNotMeters)
  .min(0, M.includedRange)
  .max(DELIVERY_LIMITS.maxMeters.max, M.includedRange);

const maxMetersSchema = z
  .number({ message: M.distanceNotKm })
  .int(M.distanceNotMeters)
  .min(DELIVERY_LIMITS.maxMeters.min, M.maxRange)
  .max(DELIVERY_LIMITS.maxMeters.max, M.maxRange);

const roadFactorPercentSchema = z
  .number({ message: M.roadFactorNotNumber })
  .int(M.roadFactorPercentNotWhole)
  .min(DELIVERY_LIMITS.roadFactorPercent.min, M.roadFactorRange)
  .max(DELIVERY_LIMITS.roadFactorPercent.max, M.roadFactorRange);

const sharePercentSchema = z
  .number({ message: M.shareNotNumber })
  .min(DELIVERY_LIMITS.sharePercent.min, M.shareRange)
  .max(DELIVERY_LIMITS.sharePercent.max, M.shareRange)
  .refine(inTenths, M.shareStep);

/** A fee its own field takes. */
const feeOnItsOwn = (fee: unknown): fee is number => feeSchema.safeParse(fee).success;

/** The fee of a row's longest delivery, when each fee passes on its own and both distances read. */
function farthestFee(fields: Record<string, unknown>, included: unknown, max: unknown): number | undefined {
  const { baseFee, perKmFee } = fields;
  if (!feeOnItsOwn(baseFee) || !feeOnItsOwn(perKmFee)) return undefined;
  if (typeof included !== 'number' || typeof max !== 'number') return undefined;
  const quote = quoteDelivery({ currencySymbol: '', baseFee, perKmFee, includedMeters: included, maxMeters: max }, max);
  return quote.deliverable ? quote.fee : undefined;
}

/**
 * The rules across rows: each currency once, no row including more distance than it delivers,
 * and none charging more than a fee can be at its longest delivery. `keys` name the distance
 * fields. They run even when another row (or another field of the row) was refused, so that every
 * problem shows at once: a value that did not read is skipped.
 */
function checkRows(rows: readonly unknown[], ctx: z.RefinementCtx, keys: { included: string; max: string }) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!row || typeof row !== 'object') return;
    const fields = row as Record<string, unknown>;
    const symbol = fields.currencySymbol;
    if (typeof symbol === 'string' && (CURRENCY_SYMBOLS as readonly string[]).includes(symbol)) {
      if (seen.has(symbol)) {
        ctx.addIssue({ code: 'custom', path: [index, 'currencySymbol'], message: M.currencyTwice(symbol) });
      }
      seen.add(symbol);
    }
    const included = fields[keys.included];
    const max = fields[keys.max];
    if (typeof included === 'number' && typeof max === 'number' && included > max) {
      ctx.addIssue({ code: 'custom', path: [index, keys.included], message: M.includedAboveMax });
    }
    if ((farthestFee(fields, included, max) ?? 0) > MAX_FEE) {
      ctx.addIssue({ code: 'custom', path: [index, 'perKmFee'], message: M.farthestFeeTooHigh });
    }
  });
}

/** Runs a check of the rows whatever else was refused, as long as there are rows. */
const evenWithOtherIssues = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

/** One currency's pricing as PUT takes it: the shape of shared/delivery/fees.ts, with its limits. */
const deliveryPricingRowSchema = deliveryPricingSchema.extend({
  currencySymbol: currencySymbolSchema,
  baseFee: feeSchema,
  perKmFee: feeSchema,
  includedMeters: includedMetersSchema,
  maxMeters: maxMetersSchema,
  cashLimit: cashLimitSchema,
});

/** PUT /api/admin/delivery-settings: the whole of the delivery settings, replacing what was there. */
export const deliverySettingsSchema = z.object({
  roadFactorPercent: roadFactorPercentSchema,
  deliverySharePercent: sharePercentSchema,
  /** Every currency that has pricing; a currency left out delivers free from then on. */
  currencies: z
    .array(deliveryPricingRowSchema, { message: M.currencyRequired })
    .max(CURRENCY_SYMBOLS.length, M.tooManyRows)
    .superRefine((rows, ctx) => checkRows(rows, ctx, { included: 'includedMeters', max: 'maxMeters' }), evenWithOtherIssues),
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;

/** GET and PUT /api/admin/delivery-settings' reply: the settings checkout prices with now. */
export const deliverySettingsViewSchema = z.object({
  roadFactorPercent: z.number().int(),
  deliverySharePercent: z.number(),
  currencies: z.array(deliveryPricingSchema.extend({ cashLimit: z.number().int().nullable() })),
});
export type DeliverySettingsView = z.infer<typeof deliverySettingsViewSchema>;

/** The platform's share of delivery fees as basis points: 12.5 → 1250 (a valid percentage, as the commission's). */
export const deliverySharePercentToBps = percentToCommissionBps;
export const deliveryShareBpsToPercent = bpsToPercent;

// The form: every field is text as typed, read into the API's units and checked by the API's schema for it.

/** What a field says when it is left empty, cannot be read, or holds a number too large to read exactly. */
interface TextMessages {
  empty: string;
  notReadable: string;
  tooLarge: string;
}

/** Reads a text into a number for `then`, or refuses it with the message that says why. */
const readText = <T extends z.ZodType<unknown, number>>(
  read: (text: string) => number,
  { empty, notReadable, tooLarge }: TextMessages,
  then: T,
) =>
  boundedText(32, notReadable)
    .transform((text, ctx) => {
      if (text.trim() === '') {
        ctx.addIssue({ code: 'custom', message: empty });
        return z.NEVER;
      }
      try {
        return read(text.trim());
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof TooLargeError ? tooLarge : notReadable });
        return z.NEVER;
      }
    })
    .pipe(then);

const KM = /^(\d*)(?:\.(\d{0,3}))?$/;

/** '2.5' km as 2500 metres, exactly; more than 3 decimals, a sign or anything else is refused. */
export function kmToMeters(text: string): number {
  const match = KM.exec(text.trim());
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new RangeError(`Not a distance in km: ${text}`);
  const meters = Number(whole || '0') * 1000 + Number(fraction.padEnd(3, '0'));
  if (!Number.isSafeInteger(meters)) throw new TooLargeError(`Distance is too large: ${text}`);
  return meters;
}

/** Metres as km for the form: 2500 → '2.5', 15000 → '15'. */
const metersToKmText = (meters: number): string => String(meters / 1000);

/** Two-decimal amounts only ('8', '8.5', '8.50'); toMinor refuses more. */
const moneyText = readText(toMinor, { empty: M.feeEmpty, notReadable: M.feeNotAmount, tooLarge: M.feeTooHigh }, feeSchema);
const distanceText = (tooLarge: string) => ({ empty: M.distanceEmpty, notReadable: M.distanceNotKm, tooLarge });

/** The cash limit as typed: empty (or spaces) for no limit, otherwise an amount as a fee is. */
const cashLimitText = boundedText(32, M.cashLimitNotAmount).transform((text, ctx) => {
  if (text.trim() === '') return null;
  try {
    return toMinor(text.trim());
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof TooLargeError ? M.cashLimitTooHigh : M.cashLimitNotAmount });
    return z.NEVER;
  }
});

const deliveryPricingFormRowSchema = z.object({
  // Empty until the admin picks one in a row just added.
  currencySymbol: boundedText(16, M.currencyRequired).pipe(currencySymbolSchema),
  baseFee: moneyText,
  perKmFee: moneyText,
  includedKm: readText(kmToMeters, distanceText(M.includedRange), includedMetersSchema),
  maxKm: readText(kmToMeters, distanceText(M.maxRange), maxMetersSchema),
  cashLimit: cashLimitText.pipe(cashLimitAmountSchema.nullable()),
});

/**
 * The 'Delivery fees' form of admin Settings. Its output is the PUT body: the road factor '1.3'
 * becomes 130, '20' percent stays 20, fees become minor units and km become metres.
 */
export const deliverySettingsFormSchema = z
  .object({
    // A factor with two decimals is a whole percentage: read as hundredths, as money is.
    roadFactor: readText(
      toMinor,
      { empty: M.roadFactorEmpty, notReadable: M.roadFactorNotNumber, tooLarge: M.roadFactorRange },
      roadFactorPercentSchema,
    ),
    // The share as hundredths of a percent is basis points; the API takes the percentage.
    deliverySharePercent: readText(
      (text) => bpsToPercent(toMinor(text)),
      { empty: M.shareNotNumber, notReadable: M.shareNotNumber, tooLarge: M.shareRange },
      sharePercentSchema,
    ),
    currencies: z
      .array(deliveryPricingFormRowSchema)
      .max(CURRENCY_SYMBOLS.length, M.tooManyRows)
      .superRefine((rows, ctx) => checkRows(rows, ctx, { included: 'includedKm', max: 'maxKm' }), evenWithOtherIssues),
  })
  .transform((form): DeliverySettings => ({
    roadFactorPercent: form.roadFactor,
    deliverySharePercent: form.deliverySharePercent,
    currencies: form.currencies.map((row) => ({
      currencySymbol: row.currencySymbol,
      baseFee: row.baseFee,
      perKmFee: row.perKmFee,
      includedMeters: row.includedKm,
      maxMeters: row.maxKm,
      cashLimit: row.cashLimit,
    })),
  }));
export type DeliverySettingsFormInput = z.input<typeof deliverySettingsFormSchema>;
export type DeliveryPricingFormRow = DeliverySettingsFormInput['currencies'][number];

/** A row the admin has just added: no currency chosen yet, nothing typed. */
export const EMPTY_PRICING_ROW: DeliveryPricingFormRow = {
  currencySymbol: '',
  baseFee: '',
  perKmFee: '',
  includedKm: '',
  maxKm: '',
  cashLimit: '',
};

/** One currency's stored pricing as the form's text; no cash limit is an empty field. */
const pricingFormRow = (pricing: DeliveryPricing & { cashLimit: number | null }): DeliveryPricingFormRow => ({
  currencySymbol: pricing.currencySymbol,
  baseFee: toMajorString(pricing.baseFee),
  perKmFee: toMajorString(pricing.perKmFee),
  includedKm: metersToKmText(pricing.includedMeters),
  maxKm: metersToKmText(pricing.maxMeters),
  cashLimit: pricing.cashLimit === null ? '' : toMajorString(pricing.cashLimit),
});

/** The stored settings as the form's text: 130 → '1.3'. */
export const deliverySettingsFormValues = (settings: DeliverySettingsView): DeliverySettingsFormInput => ({
  roadFactor: String(settings.roadFactorPercent / 100),
  deliverySharePercent: String(settings.deliverySharePercent),
  currencies: settings.currencies.map(pricingFormRow),
});

/** Where a field the server refused sits in the form: the API's 'currencies.0.maxMeters' is the form's 'currencies.0.maxKm'. */
export function formFieldOf(apiField: string): string {
  return apiField
    .replace(/^roadFactorPercent$/, 'roadFactor')
    .replace(/\.includedMeters$/, '.includedKm')
    .replace(/\.maxMeters$/, '.maxKm');
}
