import { describe, expect, it } from 'vitest';
import { MAX_PRICE_MINOR, PRICE_MESSAGES, parsePrice } from './price.js';

describe('parsePrice', () => {
  it.each([
    ['12.10', 1210],
    ['12.1', 1210],
    ['0.29', 29],
    ['.5', 50],
    ['7', 700],
    [' 45.50 ', 4550],
    ['0', 0],
    [12.1, 1210],
    [0.29, 29],
    ['1000000.00', MAX_PRICE_MINOR],
  ])('reads %j as exactly %i minor units', (typed, minor) => {
    expect(parsePrice(typed)).toEqual({ ok: true, minor });
  });

  it('keeps every cent from 0.00 to 20.00 exact where multiplying a float would not', () => {
    for (let cents = 0; cents <= 2000; cents++) {
      const typed = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(parsePrice(typed)).toEqual({ ok: true, minor: cents });
    }
  });

  it.each([
    ['', PRICE_MESSAGES.required],
    ['   ', PRICE_MESSAGES.required],
    ['-1', PRICE_MESSAGES.negative],
    ['-0.01', PRICE_MESSAGES.negative],
    ['12.345', PRICE_MESSAGES.invalid],
    ['12,50', PRICE_MESSAGES.invalid],
    ['abc', PRICE_MESSAGES.invalid],
    ['1e3', PRICE_MESSAGES.invalid],
    ['NaN', PRICE_MESSAGES.invalid],
    ['.', PRICE_MESSAGES.invalid],
    [0.1 + 0.2, PRICE_MESSAGES.invalid],
    ['1000000.01', PRICE_MESSAGES.tooHigh],
    ['99999999999999999999', PRICE_MESSAGES.invalid],
  ])('refuses %j with %j', (typed, message) => {
    expect(parsePrice(typed)).toEqual({ ok: false, message });
  });
});
