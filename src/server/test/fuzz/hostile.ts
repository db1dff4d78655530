import fc from 'fast-check';

/**
 * Values an attacker (or a broken client) sends instead of what a field expects. Each one is a
 * known way to break a server: NUL bytes PostgreSQL cannot store, text longer than any column,
 * ids in the wrong letter case, half a UTF-16 pair, numbers JSON can write but JavaScript or a
 * 32-bit column cannot hold, and shapes deep or wide enough to cost real time.
 */

/** A fragment of JSON text written as is, for numbers JSON.stringify cannot produce (1e400, -0). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Values of real rows, so that generated input sometimes names something that exists. */
export interface KnownValues {
  /** Ids by the kind of row they name: restaurant, menuItem, order, user. */
  ids: Readonly<Record<string, readonly string[]>>;
  emails: readonly string[];
  /** Text worth replaying, by the name of the field it belongs in: fileName, refreshToken, password. */
  text: Readonly<Record<string, readonly string[]>>;
}

export const allIds = (known: KnownValues) => Object.values(known.ids).flat();

/**
 * Real ids for a field: those of the kind its name says (restaurantId, menuItemId; a bare `id`
 * takes the kind of the path it sits in, given as `hint`), else any.
 */
export function idsFor(known: KnownValues, key: string, hint = ''): readonly string[] {
  const name = (key === 'id' ? hint : key).toLowerCase();
  const kind = Object.keys(known.ids).find((k) => name.startsWith(k.toLowerCase()));
  const ids = kind ? known.ids[kind] : undefined;
  return ids && ids.length > 0 ? ids : allIds(known);
}

const mixCase = (id: string, mask: number) =>
  id.replace(/[a-f]/g, (ch, offset: number) => ((mask >> (offset % 30)) & 1 ? ch.toUpperCase() : ch));

/** A known id in another letter case, padded, wrapped or cut: one id written many ways. */
export const idVariant = (known: KnownValues): fc.Arbitrary<string> =>
  allIds(known).length === 0
    ? fc.uuid()
    : fc
        .tuple(fc.constantFrom(...allIds(known)), fc.nat())
        .chain(([id, mask]) =>
          fc.constantFrom(
            id.toUpperCase(),
            mixCase(id, mask),
            ` ${id} `,
            `{${id}}`,
            id.replaceAll('-', ''),
            id.slice(0, 35),
            `${id}0`,
            `${id}\u0000`,
            `${id.slice(0, 8)}\u0000${id.slice(9)}`,
          ),
        );

const longText = (chunk: fc.Arbitrary<string>, min: number, max: number) =>
  fc
    .tuple(chunk, fc.integer({ min, max }))
    .map(([c, length]) => (c || 'x').repeat(Math.ceil(length / Math.max(c.length, 1))).slice(0, length));

/** Text a field must refuse or store safely. */
export const hostileString = (known: KnownValues): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '%00', '\u0000'.repeat(50), 'x\\u0000y', '\\0') },
    { weight: 3, arbitrary: fc.string().map((s) => `${s}\u0000${s}`) },
    { weight: 3, arbitrary: fc.constantFrom('\ud800', '\udfff', 'a\ud83d', '\udc00\ud800', '\ud83d\ude00'.repeat(40)) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '\u202e\u0645\u0631\u062d\u0628\u0627',
        'e\u0301'.repeat(300),
        '\u200b\u200c\u200d\ufeff',
        '\u2028\u2029',
        '\ufffe\uffff',
        '\u{10ffff}',
        '𝕏'.repeat(200),
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom('', ' ', '\t\n\r', ' '.repeat(5000), '\u00a0\u3000') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "' OR 1=1 --",
        "'); DROP TABLE users; --",
        '../../../../etc/passwd',
        '..%2F..%2Fetc%2Fpasswd',
        '<script>alert(1)</script>',
        '${jndi:ldap://x}',
        '%s%s%s%n',
        '__proto__',
        'constructor',
        'null',
        'undefined',
        'NaN',
        '-0',
        '1e308',
        '9'.repeat(400),
      ),
    },
    { weight: 4, arbitrary: idVariant(known) },
    { weight: 2, arbitrary: longText(fc.string({ minLength: 1, maxLength: 8 }), 200, 12_000) },
    { weight: 1, arbitrary: longText(fc.constantFrom('x', 'é', '\u0000', ' ', '😀'), 10_000, 300_000) },
    { weight: 1, arbitrary: longText(fc.constant('a'), 900_000, 1_100_000) },
  );

/** Numbers at and past the edges of what JSON, JavaScript and PostgreSQL integers hold. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 63,
    Number.MIN_VALUE,
    0.1 + 0.2,
    1.5,
    -1,
    0,
  ),
  fc.constantFrom(
    new RawJson('-0'),
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('1e-400'),
    new RawJson('0.0000000000000000000000000001'),
  ),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e308', '12', ' 12 ', '0x10', '1_000', ''),
  fc.double(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => new RawJson(n.toString())),
);

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean())
  .map(
    ([depth, asArray]) =>
      new RawJson(asArray ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

const wideArray = fc
  .tuple(fc.integer({ min: 1_000, max: 10_000 }), fc.constantFrom<unknown>(1, 'x', null, {}, [], '\u0000'))
  .map(([length, item]) => Array.from({ length }, () => item));

/** A value of any JSON type but the expected one, or a shape built to be expensive. */
export const wrongType = (known: KnownValues): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, '', [], {}, [null], { '': '' }) },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 3, arbitrary: hostileString(known) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: wideArray },
  );

/** Keys a parser or an object spread must not trust. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', '\u0000', 'a.b', '$where'),
  fc.string({ maxLength: 12 }),
);
