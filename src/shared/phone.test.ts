import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.js';

describe('toE164: a phone number as written, in E.164, read in the restaurant’s country', () => {
  it.each([
    ['024 412 3456', 'Ghana', '+233244123456'],
    ['+233 24 412 3456', 'Nigeria', '+233244123456'],
    ['0803 123 4567', 'Nigeria', '+2348031234567'],
    ['0712 345678', 'Kenya', '+254712345678'],
    ['(415) 555-0132', 'USA', '+14155550132'],
    ['07911 123456', 'UK', '+447911123456'],
  ])('reads %s in %s as %s', (phone, country, e164) => {
    expect(toE164(phone, country)).toBe(e164);
  });

  it.each([
    ['024 555 01', 'Ghana'],
    ['0803 0000', 'Nigeria'],
    ['024 412 3456', 'Atlantis'],
    ['call me', 'Ghana'],
  ])('cannot read %s in %s', (phone, country) => {
    expect(toE164(phone, country)).toBeUndefined();
  });
});
