/** The currencies restaurants price in, and the one each country uses. */

export const CURRENCY_CODES = {
  '₦': 'NGN',
  $: 'USD',
  '£': 'GBP',
  '€': 'EUR',
  KSh: 'KES',
  'GH₵': 'GHS',
  R: 'ZAR',
  C$: 'CAD',
} as const satisfies Record<string, string>;
export type CurrencySymbol = keyof typeof CURRENCY_CODES;
export type CurrencyCode = (typeof CURRENCY_CODES)[CurrencySymbol];
export const CURRENCY_SYMBOLS = Object.keys(CURRENCY_CODES) as CurrencySymbol[];
const DEFAULT_CURRENCY_CODE: CurrencyCode = 'USD';

const COUNTRY_CURRENCY_SYMBOLS = {
  Nigeria: '₦',
  Kenya: 'KSh',
  Ghana: 'GH₵',
  'South Africa': 'R',
  USA: '$',
  UK: '£',
  Canada: 'C$',
} as const satisfies Record<string, CurrencySymbol>;
export type Country = keyof typeof COUNTRY_CURRENCY_SYMBOLS;
export const COUNTRIES = Object.keys(COUNTRY_CURRENCY_SYMBOLS) as Country[];
/** Restaurants in an unknown country price in dollars, and admin views show amounts in dollars. */
export const DEFAULT_CURRENCY_SYMBOL: CurrencySymbol = '$';

const has = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** The ISO code a payment provider expects for a symbol; unknown symbols are treated as US dollars. */
export const currencyCodeFor = (symbol: string): CurrencyCode =>
  has(CURRENCY_CODES, symbol) ? CURRENCY_CODES[symbol] : DEFAULT_CURRENCY_CODE;

/** The symbol a restaurant in this country prices in; unknown countries get '$'. */
export const currencySymbolFor = (country: string): CurrencySymbol =>
  has(COUNTRY_CURRENCY_SYMBOLS, country) ? COUNTRY_CURRENCY_SYMBOLS[country] : DEFAULT_CURRENCY_SYMBOL;
