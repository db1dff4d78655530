/**
 * Order ids typed from their start (the 8-character short id, or more) as a range of the
 * primary key: every uuid that starts with the prefix lies in [prefix padded with 0, the next
 * prefix padded with 0), and uuids sort by their bytes, which is the order of their hex text.
 * The primary key's index then reads only the matching rows, however many orders there are.
 */

export interface UuidRange {
  /** The first uuid that starts with the prefix. */
  from: string;
  /** The first uuid after them; null when the prefix is all f (nothing comes after). */
  to: string | null;
}

/** A uuid in its usual form: 32 hex digits in groups of 8-4-4-4-12. */
const UUID_FORM = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
const isHex = (c: string) => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');

/** Whether `text` (lower case) is how some uuid starts. */
function startsSomeUuid(text: string): boolean {
  if (text.length === 0 || text.length > UUID_FORM.length) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (UUID_FORM.charAt(i) === '-' ? c !== '-' : !isHex(c)) return false;
  }
  return true;
}

const HEX_DIGITS = 32;

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The ids that start with `text` (any letter case, an optional leading #), or undefined when
 * `text` cannot be the start of an order id.
 */
export function orderIdPrefixRange(text: string): UuidRange | undefined {
  const typed = text.trim().replace(/^#/, '').toLowerCase();
  if (!startsSomeUuid(typed)) return undefined;
  const hex = typed.replaceAll('-', '');
  const next = (BigInt(`0x${hex}`) + 1n).toString(16).padStart(hex.length, '0');
  return {
    from: asUuid(hex.padEnd(HEX_DIGITS, '0')),
    to: next.length > hex.length ? null : asUuid(next.padEnd(HEX_DIGITS, '0')),
  };
}
