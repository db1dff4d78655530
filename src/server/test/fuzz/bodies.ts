import fc from 'fast-check';
import type { ZodType } from 'zod';
import { hostileString, wrongType, type KnownValues } from './hostile.js';
import { toJsonText } from './jsonText.js';
import { multipartBody, plausibleForm, type Body } from './multipart.js';
import type { FuzzRoute } from './routeCatalog.js';
import { arbitraryFor } from './zodArbitrary.js';

/** Plausible requests carry valid input from the route's schemas; hostile ones anything. */
export type Intent = 'plausible' | 'hostile';

const JSON_TYPE = 'application/json';

const jsonBody = (schema: ZodType, known: KnownValues, intent: Intent): fc.Arbitrary<Body> =>
  (intent === 'plausible'
    ? arbitraryFor(schema, 'valid', known)
    : fc.oneof({ weight: 6, arbitrary: arbitraryFor(schema, 'mixed', known) }, { weight: 1, arbitrary: wrongType(known) })
  ).map((value) => ({ payload: toJsonText(value), contentType: JSON_TYPE }));

/** Bytes no JSON parser should accept, or content types nothing parses. */
const rawJunk = (known: KnownValues): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.constantFrom<Body>(
      { payload: '', contentType: JSON_TYPE },
      { payload: '{', contentType: JSON_TYPE },
      { payload: '{"a":', contentType: JSON_TYPE },
      { payload: "{'a':1}", contentType: JSON_TYPE },
      { payload: '{"a":1,}', contentType: JSON_TYPE },
      { payload: 'null', contentType: JSON_TYPE },
      { payload: '"string"', contentType: JSON_TYPE },
      { payload: 'NaN', contentType: JSON_TYPE },
      { payload: '\u0000', contentType: JSON_TYPE },
      { payload: '{"__proto__":{"admin":true}}', contentType: JSON_TYPE },
      { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: JSON_TYPE },
      { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: JSON_TYPE },
      { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
      { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
      { payload: '{"a":1}', contentType: 'APPLICATION/JSON' },
      { payload: '{"a":1}', contentType: 'application/json-patch+json' },
      { payload: '{"a":1}', contentType: 'text/plain' },
      { payload: '{"a":1}' },
      { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      { payload: '<a>1</a>', contentType: 'application/xml' },
      { payload: 'xx', contentType: 'multipart/form-data' },
      { payload: '--b\r\n\r\n', contentType: 'multipart/form-data; boundary=b' },
      { payload: '{"a":1}', contentType: '' },
      { payload: '{"a":1}', contentType: ';;;' },
      { payload: '{"a":1}', contentType: `application/json; ${'x=y; '.repeat(2_000)}` },
      { contentType: JSON_TYPE },
      { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: JSON_TYPE },
    ),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ payload: Buffer.from(bytes), contentType: JSON_TYPE })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: toJsonText(v), contentType: JSON_TYPE })),
    hostileString(known).map((s) => ({ payload: s, contentType: JSON_TYPE })),
  );

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * A route that reads a body without a JSON schema for it (sign-up, uploads) reads multipart
 * parts by hand, so it gets forms; a route with a body schema gets JSON built from it.
 */
export function bodyArbitrary(
  route: FuzzRoute,
  known: KnownValues,
  images: readonly Buffer[],
  intent: Intent,
): fc.Arbitrary<Body> {
  const readsForm =
    route.consumes.some((type) => type.startsWith('multipart/')) || (!route.body && BODY_METHODS.includes(route.method));
  if (readsForm) return intent === 'plausible' ? plausibleForm(known, images) : multipartBody(known, images, rawJunk(known));
  if (route.body) {
    if (intent === 'plausible') return jsonBody(route.body, known, intent);
    return fc.oneof({ weight: 4, arbitrary: jsonBody(route.body, known, intent) }, { weight: 1, arbitrary: rawJunk(known) });
  }
  return intent === 'plausible'
    ? fc.constant({})
    : fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: rawJunk(known) });
}
