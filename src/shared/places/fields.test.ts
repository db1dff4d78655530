import { describe, expect, it } from 'vitest';
import { gpsCodeField, landmarkField, normalizeGpsCode, PLACE_MESSAGES } from './fields.js';

describe('GhanaPost GPS codes', () => {
  it('writes a code typed in any case, with spaces, dashes or none, the one way', () => {
    expect(normalizeGpsCode('ga-183-8164')).toBe('GA-183-8164');
    expect(normalizeGpsCode(' GA 183 8164 ')).toBe('GA-183-8164');
    expect(normalizeGpsCode('AK04845028')).toBe('AK-0484-5028');
  });

  it('refuses what is not a code by its format', () => {
    for (const typed of ['G-183-8164', 'GA-18-8164', 'GA-183-816', 'GA-12345-8164', '12-183-8164', 'GA-183-8164x']) {
      expect(normalizeGpsCode(typed)).toBeNull();
    }
    const parsed = gpsCodeField.safeParse('Osu, near the castle');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(PLACE_MESSAGES.gpsCode);
  });

  it('takes an empty code or landmark as none', () => {
    expect(gpsCodeField.parse('  ')).toBeNull();
    expect(landmarkField.parse('')).toBeNull();
    expect(landmarkField.parse(' blue gate ')).toBe('blue gate');
  });

  it('refuses an over-long landmark and NUL bytes', () => {
    expect(landmarkField.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(PLACE_MESSAGES.landmarkTooLong);
    expect(landmarkField.safeParse('gate\u0000').success).toBe(false);
  });
});
