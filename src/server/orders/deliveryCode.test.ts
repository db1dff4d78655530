import { describe, expect, it } from 'vitest';
import { newDeliveryCode } from './deliveryCode.js';

describe('newDeliveryCode', () => {
  it('is always exactly six digits, zero-padded', () => {
    const codes = Array.from({ length: 5000 }, newDeliveryCode);
    expect(codes.every((code) => /^[0-9]{6}$/.test(code))).toBe(true);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('rarely repeats itself', () => {
    const codes = new Set(Array.from({ length: 1000 }, newDeliveryCode));
    expect(codes.size).toBeGreaterThan(990);
  });
});
