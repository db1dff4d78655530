/**
 * Money is an integer count of minor units (pesewas, kobo, cents) everywhere in code and in
 * the database. Decimal strings exist only at the edges: parsed with toMinor, shown with
 * formatMoney.
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d{0,2}))?$/;

/** A number read exactly from text that is too large to hold exactly: larger than any limit a form has. */
export class TooLargeError extends RangeError {}

/** Parses '12.5', '12.50', 12.5 or '0.05' exactly into minor units; more than 2 decimals is refused. */
export function toMinor(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not an amount with at most 2 decimal places: ${text}`);
  }
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) throw new TooLargeError(`Amount is too large: ${text}`);
  return match[1] === '-' && minor !== 0 ? -minor : minor;
}

/** Minor units as a plain decimal string with 2 decimals ('1250' → '12.50'), for form inputs. */
export function toMajorString(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'GH₵1,250.00': the symbol, thousands separated by commas, always 2 decimals. */
export function formatMoney(minor: number, symbol: string): string {
  const sign = minor < 0 ? '-' : '';
  const [whole = '0', fraction = '00'] = toMajorString(Math.abs(minor)).split('.');
  return `${sign}${symbol}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Basis points: 1000 = 10 %. */
const BPS_PER_WHOLE = 10_000;

/** Basis points as a percentage (1250 → 12.5); shared/admin/commission.ts turns a valid percentage back into basis points. */
export const bpsToPercent = (bps: number): number => bps / 100;

/** The platform's cut of a total, rounded half-up to a whole minor unit. */
export function commissionFor(totalMinor: number, commissionBps: number): number {
  return Math.floor((totalMinor * commissionBps + BPS_PER_WHOLE / 2) / BPS_PER_WHOLE);
}

export interface OrderAmounts {
  totalAmount: number;
  commissionAmount: number;
  restaurantPayout: number;
}

/** What an order of this total costs and who gets what: the restaurant receives the total minus commission. */
export function splitTotal(totalMinor: number, commissionBps: number): OrderAmounts {
  const commissionAmount = commissionFor(totalMinor, commissionBps);
  return { totalAmount: totalMinor, commissionAmount, restaurantPayout: totalMinor - commissionAmount };
}
