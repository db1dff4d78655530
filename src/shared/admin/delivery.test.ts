import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_SETTINGS_MESSAGES as M,
  deliverySettingsFormSchema,
  deliverySettingsFormValues,
  deliverySettingsSchema,
  formFieldOf,
  kmToMeters,
  type DeliverySettingsFormInput,
  type DeliverySettingsView,
} from './delivery.js';
import { CURRENCY_SYMBOLS } from '../restaurants/currency.js';

const cediRow = { currencySymbol: 'GH₵', baseFee: '8', perKmFee: '1.50', includedKm: '3', maxKm: '15', cashLimit: '' };
const form = (fields: Partial<DeliverySettingsFormInput> = {}): DeliverySettingsFormInput => ({
  roadFactor: '1.3',
  deliverySharePercent: '20',
  currencies: [cediRow],
  ...fields,
});

/** The form's messages by field path, as react-hook-form's resolver places them. */
function refusals(input: DeliverySettingsFormInput): Record<string, string> {
  const result = deliverySettingsFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the delivery fees form', () => {
  it('reads decimals, km and the factor into the API units exactly', () => {
    expect(
      deliverySettingsFormSchema.parse(
        form({
          roadFactor: ' 1.35 ',
          deliverySharePercent: '12.5',
          currencies: [
            cediRow,
            { currencySymbol: '₦', baseFee: '800.00', perKmFee: '0.29', includedKm: '.05', maxKm: '0.1', cashLimit: ' 5000.5 ' },
          ],
        }),
      ),
    ).toEqual({
      roadFactorPercent: 135,
      deliverySharePercent: 12.5,
      currencies: [
        { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000, cashLimit: null },
        { currencySymbol: '₦', baseFee: 80_000, perKmFee: 29, includedMeters: 50, maxMeters: 100, cashLimit: 500_050 },
      ],
    });
  });

  it('shows stored settings as text that reads back to the same settings', () => {
    const stored: DeliverySettingsView = {
      roadFactorPercent: 130,
      deliverySharePercent: 0.3,
      currencies: [
        { currencySymbol: 'KSh', baseFee: 10_005, perKmFee: 0, includedMeters: 2550, maxMeters: 200_000, cashLimit: 50_000 },
        { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000, cashLimit: null },
        { currencySymbol: '₦', baseFee: 0, perKmFee: 0, includedMeters: 0, maxMeters: 100, cashLimit: 0 },
      ],
    };
    const text = deliverySettingsFormValues(stored);
    expect(text).toEqual({
      roadFactor: '1.3',
      deliverySharePercent: '0.3',
      currencies: [
        { currencySymbol: 'KSh', baseFee: '100.05', perKmFee: '0.00', includedKm: '2.55', maxKm: '200', cashLimit: '500.00' },
        { currencySymbol: 'GH₵', baseFee: '8.00', perKmFee: '1.50', includedKm: '3', maxKm: '15', cashLimit: '' },
        { currencySymbol: '₦', baseFee: '0.00', perKmFee: '0.00', includedKm: '0', maxKm: '0.1', cashLimit: '0.00' },
      ],
    });
    expect(deliverySettingsFormSchema.parse(text)).toEqual(stored);
  });

  it('says what is wrong under the field it is about', () => {
    const row = (fields: Partial<typeof cediRow>) => form({ currencies: [{ ...cediRow, ...fields }] });
    const cases: [DeliverySettingsFormInput, string, string][] = [
      [row({ currencySymbol: '' }), 'currencies.0.currencySymbol', M.currencyRequired],
      [row({ currencySymbol: '¥' }), 'currencies.0.currencySymbol', M.currencyRequired],
      [row({ baseFee: '' }), 'currencies.0.baseFee', M.feeEmpty],
      [row({ baseFee: '  ' }), 'currencies.0.baseFee', M.feeEmpty],
      [row({ baseFee: '8.005' }), 'currencies.0.baseFee', M.feeNotAmount],
      [row({ baseFee: 'eight' }), 'currencies.0.baseFee', M.feeNotAmount],
      [row({ perKmFee: '-1' }), 'currencies.0.perKmFee', M.feeNegative],
      [row({ perKmFee: '21474836.48' }), 'currencies.0.perKmFee', M.feeTooHigh],
      [row({ perKmFee: '9'.repeat(15) }), 'currencies.0.perKmFee', M.feeTooHigh],
      [row({ perKmFee: '9'.repeat(40) }), 'currencies.0.perKmFee', M.feeNotAmount],
      [row({ includedKm: '3.0001' }), 'currencies.0.includedKm', M.distanceNotKm],
      [row({ includedKm: '-1' }), 'currencies.0.includedKm', M.distanceNotKm],
      [row({ includedKm: '16' }), 'currencies.0.includedKm', M.includedAboveMax],
      [row({ baseFee: '21474836.47' }), 'currencies.0.perKmFee', M.farthestFeeTooHigh],
      [row({ perKmFee: '1789569.71' }), 'currencies.0.perKmFee', M.farthestFeeTooHigh],
      [row({ maxKm: '0.099' }), 'currencies.0.maxKm', M.maxRange],
      [row({ maxKm: '200.001' }), 'currencies.0.maxKm', M.maxRange],
      [row({ maxKm: '' }), 'currencies.0.maxKm', M.distanceEmpty],
      [row({ maxKm: '9'.repeat(15) }), 'currencies.0.maxKm', M.maxRange],
      [row({ includedKm: '9'.repeat(15) }), 'currencies.0.includedKm', M.includedRange],
      [row({ cashLimit: '500.001' }), 'currencies.0.cashLimit', M.cashLimitNotAmount],
      [row({ cashLimit: 'lots' }), 'currencies.0.cashLimit', M.cashLimitNotAmount],
      [row({ cashLimit: '-1' }), 'currencies.0.cashLimit', M.cashLimitNegative],
      [row({ cashLimit: '21474836.48' }), 'currencies.0.cashLimit', M.cashLimitTooHigh],
      [row({ cashLimit: '9'.repeat(15) }), 'currencies.0.cashLimit', M.cashLimitTooHigh],
      [row({ cashLimit: '9'.repeat(40) }), 'currencies.0.cashLimit', M.cashLimitNotAmount],
      [form({ currencies: [cediRow, cediRow] }), 'currencies.1.currencySymbol', M.currencyTwice('GH₵')],
      [form({ roadFactor: '0.99' }), 'roadFactor', M.roadFactorRange],
      [form({ roadFactor: '3.01' }), 'roadFactor', M.roadFactorRange],
      [form({ roadFactor: '1.305' }), 'roadFactor', M.roadFactorNotNumber],
      [form({ roadFactor: '' }), 'roadFactor', M.roadFactorEmpty],
      [form({ roadFactor: '9'.repeat(15) }), 'roadFactor', M.roadFactorRange],
      [form({ deliverySharePercent: '9'.repeat(15) }), 'deliverySharePercent', M.shareRange],
      [form({ deliverySharePercent: '12.55' }), 'deliverySharePercent', M.shareStep],
      [form({ deliverySharePercent: '100.1' }), 'deliverySharePercent', M.shareRange],
      [form({ deliverySharePercent: '-5' }), 'deliverySharePercent', M.shareRange],
      [form({ deliverySharePercent: 'a lot' }), 'deliverySharePercent', M.shareNotNumber],
    ];
    for (const [input, field, message] of cases) {
      expect(refusals(input), JSON.stringify(input)).toMatchObject({ [field]: message });
    }
  });

  it('says every problem at once, across rows, and takes two rows without a currency yet for two problems, not a repeat', () => {
    expect(
      refusals(
        form({
          currencies: [
            { ...cediRow, baseFee: '' },
            { ...cediRow, includedKm: '20' },
          ],
          roadFactor: '9',
        }),
      ),
    ).toEqual({
      roadFactor: M.roadFactorRange,
      'currencies.0.baseFee': M.feeEmpty,
      'currencies.1.currencySymbol': M.currencyTwice('GH₵'),
      'currencies.1.includedKm': M.includedAboveMax,
    });
    const blank = { currencySymbol: '', baseFee: '1', perKmFee: '1', includedKm: '1', maxKm: '2', cashLimit: '' };
    expect(refusals(form({ currencies: [blank, blank] }))).toEqual({
      'currencies.0.currencySymbol': M.currencyRequired,
      'currencies.1.currencySymbol': M.currencyRequired,
    });
    expect(
      deliverySettingsSchema.safeParse({ roadFactorPercent: 130, deliverySharePercent: 20, currencies: [null, 5] }).success,
    ).toBe(false);
  });

  it('hands the server only what its own schema takes', () => {
    const digits = (max: number) => fc.integer({ min: 0, max }).map(String);
    const text = fc.oneof(
      digits(400),
      fc.tuple(digits(300), digits(999)).map(([a, b]) => `${a}.${b}`),
      fc.constantFrom('', '-1', 'x'),
    );
    const row = fc.record({
      currencySymbol: fc.constantFrom('', ...CURRENCY_SYMBOLS),
      baseFee: text,
      perKmFee: text,
      includedKm: text,
      maxKm: text,
      cashLimit: fc.oneof(text, fc.constant('  ')),
    });
    fc.assert(
      fc.property(
        fc.record({ roadFactor: text, deliverySharePercent: text, currencies: fc.array(row, { maxLength: 4 }) }),
        (input) => {
          const read = deliverySettingsFormSchema.safeParse(input);
          if (read.success) expect(deliverySettingsSchema.safeParse(read.data).success).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("the API's cash limit", () => {
  const api = (cashLimit: unknown) =>
    deliverySettingsSchema.safeParse({
      roadFactorPercent: 130,
      deliverySharePercent: 20,
      currencies: [{ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000, cashLimit }],
    });

  it('is minor units, null or left out for no limit, and 0 allowed (every cash order then needs empty pockets)', () => {
    expect(api(50_000).data?.currencies[0]?.cashLimit).toBe(50_000);
    expect(api(0).data?.currencies[0]?.cashLimit).toBe(0);
    expect(api(null).data?.currencies[0]?.cashLimit).toBeNull();
    expect(api(undefined).data?.currencies[0]?.cashLimit).toBeNull();
    const refused = (value: unknown) => api(value).error?.issues.map((issue) => issue.message);
    expect(refused(-1)).toEqual([M.cashLimitNegative]);
    expect(refused(500.5)).toEqual([M.cashLimitNotMinor]);
    expect(refused(2_147_483_648)).toEqual([M.cashLimitTooHigh]);
    expect(refused('500')).toEqual([M.cashLimitNotAmount]);
  });
});

describe('kmToMeters', () => {
  it('reads up to 3 decimals exactly and refuses anything else', () => {
    expect(kmToMeters('3')).toBe(3000);
    expect(kmToMeters('2.5')).toBe(2500);
    expect(kmToMeters('.1')).toBe(100);
    expect(kmToMeters('0.001')).toBe(1);
    expect(kmToMeters('15.')).toBe(15_000);
    for (const bad of ['', '.', '1.2345', '-1', '+1', '1e3', '1,5', '3 km'])
      expect(() => kmToMeters(bad), bad).toThrow(RangeError);
  });
});

describe('formFieldOf', () => {
  it("names the form's field for a field the server refused", () => {
    expect(formFieldOf('roadFactorPercent')).toBe('roadFactor');
    expect(formFieldOf('deliverySharePercent')).toBe('deliverySharePercent');
    expect(formFieldOf('currencies.2.maxMeters')).toBe('currencies.2.maxKm');
    expect(formFieldOf('currencies.0.includedMeters')).toBe('currencies.0.includedKm');
    expect(formFieldOf('currencies.0.baseFee')).toBe('currencies.0.baseFee');
  });
});
