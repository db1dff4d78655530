import { describe, expect, it } from 'vitest';
import { COUNTRIES, CURRENCY_SYMBOLS, currencyCodeFor, currencySymbolFor } from './currency.js';

describe('currencies', () => {
  it('maps each symbol to its ISO code', () => {
    expect(currencyCodeFor('₦')).toBe('NGN');
    expect(currencyCodeFor('$')).toBe('USD');
    expect(currencyCodeFor('£')).toBe('GBP');
    expect(currencyCodeFor('€')).toBe('EUR');
    expect(currencyCodeFor('KSh')).toBe('KES');
    expect(currencyCodeFor('GH₵')).toBe('GHS');
    expect(currencyCodeFor('R')).toBe('ZAR');
    expect(currencyCodeFor('C$')).toBe('CAD');
  });

  it('treats an unknown symbol as US dollars', () => {
    expect(currencyCodeFor('¥')).toBe('USD');
    expect(currencyCodeFor('toString')).toBe('USD');
  });

  it('maps each country to the symbol its restaurants price in, with $ for any other', () => {
    expect(currencySymbolFor('Nigeria')).toBe('₦');
    expect(currencySymbolFor('Kenya')).toBe('KSh');
    expect(currencySymbolFor('Ghana')).toBe('GH₵');
    expect(currencySymbolFor('South Africa')).toBe('R');
    expect(currencySymbolFor('USA')).toBe('$');
    expect(currencySymbolFor('UK')).toBe('£');
    expect(currencySymbolFor('Canada')).toBe('C$');
    expect(currencySymbolFor('Togo')).toBe('$');
  });

  it('offers every country and symbol for the restaurant form', () => {
    expect(COUNTRIES).toEqual(['Nigeria', 'Kenya', 'Ghana', 'South Africa', 'USA', 'UK', 'Canada']);
    expect(CURRENCY_SYMBOLS).toHaveLength(8);
  });
});
