import fc from 'fast-check';
import type { ZodType } from 'zod';
import { hostileKey, hostileNumber, hostileString, idsFor, wrongType, type KnownValues } from './hostile.js';

/**
 * fast-check arbitraries for the input side of a zod 4 schema, read from the schema's definition
 * (`_zod.def`), for the kinds the request schemas use: object, string (length, regex and the
 * uuid, email and datetime formats), number and integer with bounds, boolean, enum, literal,
 * array, record, optional, nullable, default, pipe and transform, union and discriminated union.
 *
 * `valid` values should pass the schema (refinements aside); `mixed` values put boundary and
 * hostile values at any depth of an otherwise plausible value, and drop or add object keys.
 */
export type Mode = 'valid' | 'mixed';

/** Where in the value a node sits: its depth, its object key, and the kind of row a bare `id` names. */
export interface Place {
  depth: number;
  key: string;
  hint: string;
}

const below = (at: Place, key = at.key): Place => ({ ...at, depth: at.depth + 1, key });

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => {
  const own = def.check ? [def as CheckDef] : [];
  const checks = (def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? [];
  return [...own, ...checks.map((c) => c._zod.def)];
};
const isOptional = (schema: unknown) => (schema as { _zod: { optin?: string } })._zod.optin === 'optional';

interface Bounds {
  min?: number;
  max?: number;
  exact?: number;
  formats: string[];
  patterns: RegExp[];
  integer: boolean;
}

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = { formats: [], patterns: [], integer: false };
  for (const check of checksOf(def)) {
    switch (check.check) {
      case 'min_length':
        bounds.min = Math.max(bounds.min ?? 0, check.minimum ?? 0);
        break;
      case 'max_length':
        bounds.max = Math.min(bounds.max ?? Infinity, check.maximum ?? Infinity);
        break;
      case 'length_equals':
        bounds.exact = check.length;
        break;
      case 'greater_than':
        bounds.min = Math.max(bounds.min ?? -Infinity, Number(check.value) + (check.inclusive ? 0 : 1e-9));
        break;
      case 'less_than':
        bounds.max = Math.min(bounds.max ?? Infinity, Number(check.value) - (check.inclusive ? 0 : 1e-9));
        break;
      case 'number_format':
        bounds.integer = true;
        break;
      case 'string_format':
        if (check.format) bounds.formats.push(check.format);
        if (check.pattern) bounds.patterns.push(check.pattern);
        break;
    }
  }
  return bounds;
}

/** fc.stringMatching covers most regular expressions; one it cannot read falls back to plain text. */
function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return undefined;
  }
}

function validString(bounds: Bounds, known: KnownValues, at: Place): fc.Arbitrary<string> {
  const formats = new Set(bounds.formats);
  if (formats.has('uuid') || formats.has('guid')) {
    const ids = idsFor(known, at.key, at.hint);
    return ids.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid() })
      : fc.uuid();
  }
  if (formats.has('email')) {
    const generated = fc
      .emailAddress()
      .filter((e) => e.length <= 254 && e.indexOf('@') <= 64 && bounds.patterns.every((pattern) => pattern.test(e)));
    return known.emails.length > 0 ? fc.oneof(fc.constantFrom(...known.emails), generated) : generated;
  }
  if (formats.has('datetime')) {
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4102444800000) }).map((d) => d.toISOString());
  }
  const patterned = bounds.patterns.map(matching).find((arb) => arb !== undefined);
  if (patterned) return patterned;
  const minLength = bounds.exact ?? bounds.min ?? 0;
  const maxLength = bounds.exact ?? Math.min(bounds.max ?? 40, Math.max(minLength, 40));
  const generated = fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
  const replayed = Object.hasOwn(known.text, at.key) ? known.text[at.key] : undefined;
  if (!replayed || replayed.length === 0) return generated;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...replayed) }, { weight: 1, arbitrary: generated });
}

function boundaryString(bounds: Bounds): fc.Arbitrary<string> {
  const lengths = [0, 1, bounds.min, bounds.max, bounds.exact]
    .flatMap((n) => (n === undefined || !Number.isFinite(n) ? [] : [n - 1, n, n + 1]))
    .filter((n) => n >= 0 && n <= 100_000);
  return fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('a', ' ', 'é', '😀')).map(([n, ch]) => ch.repeat(n));
}

function validNumber(bounds: Bounds): fc.Arbitrary<number> {
  const min = Number.isFinite(bounds.min) ? bounds.min : undefined;
  const max = Number.isFinite(bounds.max) ? bounds.max : undefined;
  // With one bound only, stay near it: that is where the values a refinement still accepts are.
  const low = min ?? (max === undefined ? -1_000 : max - 1_000);
  const high = max ?? low + 1_000;
  if (bounds.integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function boundaryNumber(bounds: Bounds): fc.Arbitrary<number> {
  const edges = [bounds.min, bounds.max].filter((n): n is number => n !== undefined && Number.isFinite(n));
  const near = edges.flatMap((n) => [n, n - 1, n + 1, n - 0.5, n + 0.5]);
  return fc.constantFrom(0, -0, 1, -1, 0.5, ...near);
}

function objectArbitrary(def: Def, mode: Mode, known: KnownValues, at: Place): fc.Arbitrary<unknown> {
  const entries = Object.entries(def.shape as Record<string, ZodType>);
  const keys = entries.map(([key]) => key);
  const fields = Object.fromEntries(entries.map(([key, field]) => [key, arbitraryFor(field, mode, known, below(at, key))]));
  const requiredKeys = entries.filter(([, field]) => !isOptional(field)).map(([key]) => key);
  const plausible = fc.record(fields, { requiredKeys });
  if (mode === 'valid') return plausible;
  const extra = fc.dictionary(hostileKey, wrongType(known), { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    {
      weight: 2,
      arbitrary: fc.tuple(plausible, fc.subarray(keys)).map(([value, dropped]) => {
        const copy = { ...(value as Record<string, unknown>) };
        for (const key of dropped) delete copy[key];
        return copy;
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(plausible, extra).map(([value, more]) => {
        const copy = { ...(value as Record<string, unknown>) };
        for (const [key, v] of Object.entries(more))
          Object.defineProperty(copy, key, { value: v, enumerable: true, writable: true, configurable: true });
        return copy;
      }),
    },
  );
}

function arrayArbitrary(def: Def, mode: Mode, known: KnownValues, at: Place): fc.Arbitrary<unknown> {
  const bounds = boundsOf(def);
  const element = arbitraryFor(def.element as ZodType, mode, known, below(at));
  const minLength = bounds.exact ?? bounds.min ?? 0;
  const maxLength = bounds.exact ?? Math.min(bounds.max ?? 5, Math.max(minLength, 5));
  const plausible = fc.array(element, { minLength, maxLength });
  if (mode === 'valid') return plausible;
  const around = [bounds.max, bounds.min]
    .filter((n): n is number => n !== undefined && Number.isFinite(n))
    .map((n) => n + 1)
    .filter((n) => n <= 10_000);
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 1, arbitrary: fc.constant([]) },
    ...(around.length > 0
      ? [{ weight: 1, arbitrary: fc.constantFrom(...around).chain((n) => fc.array(element, { minLength: n, maxLength: n })) }]
      : []),
    // The same element many times: duplicates that a set or a unique index must catch.
    {
      weight: 1,
      arbitrary: fc.tuple(element, fc.integer({ min: 2, max: 60 })).map(([e, n]) => Array.from({ length: n }, () => e)),
    },
  );
}

function kindArbitrary(schema: ZodType, mode: Mode, known: KnownValues, at: Place): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryFor(def[key] as ZodType, mode, known, below(at));
  switch (def.type) {
    case 'string': {
      const bounds = boundsOf(def);
      if (mode === 'valid') return validString(bounds, known, at);
      return fc.oneof({ weight: 6, arbitrary: validString(bounds, known, at) }, { weight: 2, arbitrary: boundaryString(bounds) });
    }
    case 'number':
    case 'int': {
      const bounds = boundsOf(def);
      const coerce = def.coerce === true;
      const valid = coerce ? fc.oneof(validNumber(bounds), validNumber(bounds).map(String)) : validNumber(bounds);
      if (mode === 'valid') return valid;
      return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 2, arbitrary: boundaryNumber(bounds) });
    }
    case 'bigint':
      return fc.bigInt().map((n) => n.toString());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object':
      return objectArbitrary(def, mode, known, at);
    case 'array':
      return arrayArbitrary(def, mode, known, at);
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType as ZodType, mode, known, below(at)), {
        maxKeys: 4,
      });
    case 'optional':
      return fc.oneof({ weight: 4, arbitrary: inner('innerType') }, { weight: 1, arbitrary: fc.constant(undefined) });
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: inner('innerType') }, { weight: 1, arbitrary: fc.constant(null) });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.type === 'default' || def.type === 'prefault'
        ? fc.oneof({ weight: 4, arbitrary: inner('innerType') }, { weight: 1, arbitrary: fc.constant(undefined) })
        : inner('innerType');
    case 'pipe': {
      // A transform consumes what its input schema accepts; any other pipe's output schema is
      // the stricter one (uuidSchema: trimmed text piped into z.uuid()).
      if (defOf(def.out).type === 'transform') return inner('in');
      return mode === 'valid'
        ? inner('out')
        : fc.oneof({ weight: 3, arbitrary: inner('out') }, { weight: 1, arbitrary: inner('in') });
    }
    case 'union':
      return fc.oneof(...(def.options as ZodType[]).map((option) => arbitraryFor(option, mode, known, below(at))));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : b));
    case 'lazy':
      return at.depth > 6 ? fc.constant(null) : arbitraryFor((def.getter as () => ZodType)(), mode, known, below(at));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values for `schema`; in `mixed` mode any node may instead hold a hostile value of any type. */
export function arbitraryFor(
  schema: ZodType,
  mode: Mode,
  known: KnownValues,
  at: Place = { depth: 0, key: '', hint: '' },
): fc.Arbitrary<unknown> {
  const plausible = kindArbitrary(schema, mode, known, at);
  if (mode === 'valid') return plausible;
  const kind = defOf(schema).type;
  const hostileOfKind = kind === 'number' || kind === 'int' ? hostileNumber : hostileString(known);
  return fc.oneof(
    { weight: 12, arbitrary: plausible },
    { weight: 2, arbitrary: hostileOfKind },
    { weight: 1, arbitrary: wrongType(known) },
  );
}
