import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, vehicleSchema } from './auth/schemas.js';
import {
  boundedText,
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  emailField,
  optionalText,
  PHONE_MESSAGES,
  phoneField,
  requiredText,
  uuidSchema,
} from './fields.js';
import { orderIdParamsSchema, placeOrderSchema, updateOrderStatusSchema } from './orders/schemas.js';
import { ORDER_STATUSES } from './orders/status.js';
import { clientMessageSchema } from './realtime/events.js';
import { restaurantIdParamsSchema } from './restaurants/schemas.js';
import { BUCKETS } from './storage/buckets.js';
import { fileParamsSchema, signedLinkQuerySchema, uploadParamsSchema } from './storage/schemas.js';

/**
 * Properties of the field types every request schema is built from, and of the request schemas
 * themselves, over generated hostile input: parsing never throws, and whatever is accepted is
 * NUL-free, within its bounds, with ids and emails in lower case.
 */

const RUNS = { numRuns: 2_000 };

const uuid = fc.uuid();
const uuidInAnyCase = fc
  .tuple(uuid, fc.nat())
  .map(([id, mask]) => id.replace(/[a-f]/g, (ch, offset: number) => ((mask >> (offset % 30)) & 1 ? ch.toUpperCase() : ch)));

/** Text that has broken servers: NUL bytes, half surrogate pairs, long runs, odd whitespace. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '%00', '\ud800', 'a\udfff', '\u202e', '\u200b', '\u00a0', ' ', '\t\n', ''),
  fc.tuple(fc.constantFrom('a', ' ', 'é', '😀', '\u0000'), fc.integer({ min: 1, max: 5_000 })).map(([ch, n]) => ch.repeat(n)),
  uuidInAnyCase,
  uuidInAnyCase.map((id) => ` ${id}\t`),
  fc.emailAddress(),
  fc.emailAddress().map((e) => e.toUpperCase()),
  fc
    .tuple(fc.integer({ min: 60, max: 300 }), fc.integer({ min: 1, max: 300 }))
    .map(([local, domain]) => `${'a'.repeat(local)}@${'b'.repeat(domain)}.com`),
);

/** Values plausible for the request fields (so that parses also succeed), hostile text, and other types. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      'cash',
      'customer',
      'driver',
      'bike',
      '2020',
      2020,
      'password123',
      '+233 20 123 4567',
      'Ama Mensah',
      'ready',
      'subscribe',
      'ping',
      'orders:ready',
      ...ORDER_STATUSES,
      ...BUCKETS,
    ),
  },
  { weight: 2, arbitrary: uuidInAnyCase.map((id) => `order:${id}`) },
  {
    weight: 2,
    arbitrary: fc.array(fc.record({ menuItemId: uuidInAnyCase, quantity: fc.integer({ min: -2, max: 120 }) }), { maxLength: 4 }),
  },
  { weight: 2, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e308, -0, Number.NaN, 2 ** 53 + 1)) },
  { weight: 1, arbitrary: fc.anything() },
);

/** An object with the schema's own keys (when it has a shape), each holding any field value. */
function inputFor(schema: ZodType, extraKeys: string[] = []): fc.Arbitrary<unknown> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  const keys = [...Object.keys(shape ?? {}), ...extraKeys];
  return fc.oneof(
    { weight: 8, arbitrary: fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything() },
  );
}

function* stringsIn(value: unknown, key = ''): Generator<{ key: string; text: string }> {
  if (typeof value === 'string') yield { key, text: value };
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* stringsIn(v, k);
}

const isIdKey = (key: string) => key === 'id' || /Id$/.test(key);
/** Passwords are only ever hashed, never stored, shown or logged as text, so any character is theirs to use. */
const isPasswordKey = (key: string) => key === 'password';
/** Limits count characters (code points), as zod and PostgreSQL do, not UTF-16 units. */
const characters = (text: string) => Array.from(text).length;
/** The longest text any request field may hold (the realtime access token). */
const LONGEST_FIELD = 4_096;

describe('shared field types', () => {
  it('boundedText accepts only NUL-free text of at most its length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.oneof(hostileText, fc.anything()), (max, input) => {
        const result = boundedText(max).safeParse(input);
        if (result.success) {
          expect(characters(result.data)).toBeLessThanOrEqual(max);
          expect(result.data).not.toContain('\u0000');
        }
      }),
      RUNS,
    );
  });

  it('requiredText and optionalText trim, keep within bounds and refuse NUL', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.oneof(hostileText, fc.anything()), (max, input) => {
        const required = requiredText(max, 'required').safeParse(input);
        if (required.success) {
          expect(characters(required.data)).toBeGreaterThanOrEqual(1);
          expect(characters(required.data)).toBeLessThanOrEqual(max);
          expect(required.data).toBe(required.data.trim());
          expect(required.data).not.toContain('\u0000');
        }
        const optional = optionalText(max).safeParse(input);
        if (optional.success) {
          expect(characters(optional.data)).toBeLessThanOrEqual(max);
          expect(optional.data).not.toContain('\u0000');
        }
      }),
      RUNS,
    );
  });

  it('uuidSchema accepts an id in any letter case and always gives it in lower case', () => {
    fc.assert(
      fc.property(fc.oneof(uuidInAnyCase, hostileText, fc.anything()), (input) => {
        const result = uuidSchema().safeParse(input);
        if (result.success) {
          expect(result.data).toBe(result.data.toLowerCase());
          expect(z.uuid().safeParse(result.data).success).toBe(true);
        }
      }),
      RUNS,
    );
    fc.assert(
      fc.property(uuidInAnyCase, (id) => {
        expect(uuidSchema().parse(id)).toBe(id.toLowerCase());
      }),
      RUNS,
    );
  });

  it('emailField gives lower-case addresses of at most 254 characters, 64 before the @', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.anything()), (input) => {
        const result = emailField().safeParse(input);
        if (result.success) {
          expect(result.data).toBe(result.data.toLowerCase());
          expect(characters(result.data)).toBeLessThanOrEqual(EMAIL_MAX);
          expect(result.data.indexOf('@')).toBeLessThanOrEqual(EMAIL_LOCAL_MAX);
          expect(result.data).not.toContain('\u0000');
        }
      }),
      RUNS,
    );
  });
});

const REQUEST_SCHEMAS: Record<string, { schema: ZodType; extraKeys?: string[] }> = {
  signUpSchema: { schema: signUpSchema },
  vehicleSchema: { schema: vehicleSchema },
  signInSchema: { schema: signInSchema },
  forgotPasswordSchema: { schema: forgotPasswordSchema },
  resetPasswordSchema: { schema: resetPasswordSchema },
  placeOrderSchema: { schema: placeOrderSchema },
  orderIdParamsSchema: { schema: orderIdParamsSchema },
  updateOrderStatusSchema: { schema: updateOrderStatusSchema },
  restaurantIdParamsSchema: { schema: restaurantIdParamsSchema },
  uploadParamsSchema: { schema: uploadParamsSchema },
  fileParamsSchema: { schema: fileParamsSchema },
  signedLinkQuerySchema: { schema: signedLinkQuerySchema },
  clientMessageSchema: { schema: clientMessageSchema, extraKeys: ['type', 'topic', 'token'] },
};

describe('phoneField', () => {
  const phone = phoneField('Phone is required');
  const messages = (value: unknown) => phone.safeParse(value).error?.issues.map((issue) => issue.message);

  it.each(['+233 24 555 0102', '0241234567', '(030) 222-3333', '+234 803 000 0000'])('accepts %s', (value) => {
    expect(phone.parse(`  ${value} `)).toBe(value);
  });

  it.each(['call me', '-------', '+233 20', '1234567890123456', '+233 24 555 0102 ext 4'])('refuses %s', (value) => {
    expect(messages(value)).toEqual([PHONE_MESSAGES.invalid]);
  });

  it('says only that it is required when it is empty', () => {
    expect(messages('   ')).toEqual(['Phone is required']);
    expect(messages(undefined)).toEqual(['Phone is required']);
  });
});

describe('request schemas over hostile input', () => {
  it.each(Object.entries(REQUEST_SCHEMAS))(
    '%s never throws and accepts only NUL-free, bounded text with lower-case ids',
    (_name, { schema, extraKeys }) => {
      fc.assert(
        fc.property(inputFor(schema, extraKeys), (input) => {
          const result = schema.safeParse(input);
          if (!result.success) return;
          for (const { key, text } of stringsIn(result.data)) {
            if (!isPasswordKey(key)) expect(text, key).not.toContain('\u0000');
            expect(characters(text), key).toBeLessThanOrEqual(LONGEST_FIELD);
            if (isIdKey(key)) expect(text, key).toBe(text.toLowerCase());
          }
        }),
        RUNS,
      );
    },
  );
});
