import fc from 'fast-check';
import { bodyArbitrary, type Intent } from './bodies.js';
import { hostileString, type KnownValues } from './hostile.js';
import { asRecord, asText } from './jsonText.js';
import type { FuzzRoute } from './routeCatalog.js';
import { arbitraryFor } from './zodArbitrary.js';

/** One generated request, ready for app.inject. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Which caller sent it (anonymous, forged token, customer...), for the report. */
  caller: string;
}

/** Who sends a request: a name for the report and the headers that say who they are. */
export interface Caller {
  name: string;
  headers: Record<string, string>;
  /** A real account with a valid access token. */
  signedIn: boolean;
}

const excerpt = (text: string, max = 300) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** How a failing request is printed by fast-check: short enough to read, exact enough to replay. */
export function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` payload=${excerpt(request.payload.toString('latin1'))}`;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization')
    .map(([name, value]) => `${name}: ${excerpt(value, 120)}`)
    .join('; ');
  return `${request.method} ${excerpt(request.url, 400)} as ${request.caller} [${headers}]${payload}`;
}

const withDescription = (request: FuzzRequest): FuzzRequest =>
  Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });

// ---------------------------------------------------------------------------------------------
// URL: path parameters and query string

/** encodeURIComponent, except that half a surrogate pair is sent as the bytes Node would write for it. */
const encode = (segment: string) => {
  try {
    return encodeURIComponent(segment);
  } catch {
    return [...Buffer.from(segment)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
};

/** How a path segment is written: usually correctly, sometimes with NUL, bad escapes or traversal. */
const encodings = (intent: Intent): fc.Arbitrary<(segment: string) => string> =>
  intent === 'plausible'
    ? fc.constant(encode)
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant(encode) },
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            (s: string) => `${encode(s)}%00`,
            (s: string) => s.replaceAll('/', '%2F'),
            (s: string) => `${encode(s)}%`,
            (s: string) => `${encode(s)}%E0%A4%A`,
            (s: string) => `${encode(s)}%C0%AE%C0%AE`,
            (s: string) => `..%2F${encode(s)}`,
          ),
        },
      );

/** The kind of row a bare :id names, from the segment before it: /api/orders/:id names an order. */
function idHint(url: string): string {
  const segment = /\/([A-Za-z-]+)\/:id\b/.exec(url)?.[1] ?? '';
  return segment.replace(/s$/, '');
}

function paramsArbitrary(route: FuzzRoute, known: KnownValues, intent: Intent): fc.Arbitrary<unknown> {
  const at = { depth: 0, key: '', hint: idHint(route.url) };
  if (route.params) return arbitraryFor(route.params, intent === 'plausible' ? 'valid' : 'mixed', known, at);
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  return fc.record(Object.fromEntries(names.map((name) => [name, fc.oneof(fc.string(), hostileString(known))])));
}

function pathArbitrary(route: FuzzRoute, known: KnownValues, intent: Intent): fc.Arbitrary<string> {
  const wildcard =
    intent === 'plausible'
      ? fc.oneof(fc.constantFrom('', 'index.html', 'swagger-ui.css'), fc.webPath())
      : fc.oneof(
          fc.constantFrom('../package.json', '..%2F..%2Fpackage.json', '%00', 'a%00b', '.env', 'x/'.repeat(200)),
          hostileString(known).map(encode),
        );
  return fc.tuple(paramsArbitrary(route, known, intent), encodings(intent), wildcard).map(([params, encodeSegment, rest]) => {
    const values = asRecord(params);
    return route.url
      .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
        encodeSegment(asText(Object.hasOwn(values, name) ? values[name] : values.value)),
      )
      .replace(/\*$/, rest);
  });
}

function queryArbitrary(route: FuzzRoute, known: KnownValues, intent: Intent): fc.Arbitrary<string> {
  const mode = intent === 'plausible' ? 'valid' : 'mixed';
  const fromSchema = route.querystring ? arbitraryFor(route.querystring, mode, known).map(asRecord) : fc.constant({});
  const junk =
    intent === 'plausible'
      ? fc.constant('')
      : fc.oneof(
          fc.constantFrom(
            '',
            '?',
            '?a',
            '?a=1&a=2',
            '?__proto__[x]=1',
            '?a[b][c]=1',
            '?%00=%00',
            '?a=%',
            `?q=${'x'.repeat(20_000)}`,
          ),
          fc
            .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 })
            .map((d) => `?${new URLSearchParams(d)}`),
        );
  return fc.tuple(fromSchema, junk).map(([query, extra]) => {
    const pairs = Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`)
      .join('&');
    if (!pairs) return extra;
    return extra ? `${extra}&${pairs}` : `?${pairs}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Headers

const junkHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({}) },
  {
    weight: 5,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'x-forwarded-for': '1.1.1.1, 999.999.999.999, ::ffff:%00' },
      { 'x-request-id': 'x'.repeat(10_000) },
      { cookie: `a=${'b'.repeat(20_000)}; c=%00; =;;` },
      { cookie: 'refresh_token=garbage; sb-refresh=%00' },
      { accept: 'application/xml' },
      { 'accept-encoding': 'br;q=2, gzip;q=-1, identity;q=0, *;q=0' },
      { 'accept-language': '%00'.repeat(500) },
      { 'x-http-method-override': 'DELETE' },
      { 'idempotency-key': '\u0000' },
      { 'idempotency-key': 'k'.repeat(5_000) },
      { origin: 'https://evil.example', referer: 'javascript:alert(1)' },
      { 'user-agent': '\u0000'.repeat(100) },
      { 'x-huge': 'h'.repeat(100_000) },
    ),
  },
);

function headersArbitrary(route: FuzzRoute, known: KnownValues, intent: Intent): fc.Arbitrary<Record<string, string>> {
  const fromSchema = route.headers
    ? arbitraryFor(route.headers, intent === 'plausible' ? 'valid' : 'mixed', known).map((h) =>
        Object.fromEntries(Object.entries(asRecord(h)).map(([k, v]) => [k.toLowerCase(), asText(v)])),
      )
    : fc.constant({});
  const extra = intent === 'plausible' ? fc.constant({}) : junkHeaders;
  return fc.tuple(fromSchema, extra).map(([a, b]) => ({ ...b, ...a }));
}

// ---------------------------------------------------------------------------------------------

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

function requestOf(
  route: FuzzRoute,
  callers: fc.Arbitrary<Caller>,
  known: KnownValues,
  images: readonly Buffer[],
  intent: Intent,
): fc.Arbitrary<FuzzRequest> {
  const method =
    intent === 'plausible'
      ? fc.constant(route.method)
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
        );
  return fc
    .record({
      method,
      path: pathArbitrary(route, known, intent),
      query: queryArbitrary(route, known, intent),
      headers: headersArbitrary(route, known, intent),
      body: bodyArbitrary(route, known, images, intent),
      caller: callers,
    })
    .map(({ method: m, path, query, headers, body, caller }) =>
      withDescription({
        method: m,
        url: `${path}${query}`,
        headers: {
          ...headers,
          ...caller.headers,
          ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
        },
        payload: body.payload,
        caller: caller.name,
      }),
    );
}

/**
 * Requests aimed at one route: plausible ones (valid input from its schemas, mostly from
 * signed-in users, so that real work gets done and real rows change) and hostile ones (mixed
 * input, junk bodies, headers and paths, from any caller).
 */
export function requestArbitrary(
  route: FuzzRoute,
  callers: readonly Caller[],
  known: KnownValues,
  images: readonly Buffer[],
): fc.Arbitrary<FuzzRequest> {
  const signedIn = callers.filter((caller) => caller.signedIn);
  const anyCaller = fc.constantFrom(...callers);
  const likelySignedIn =
    signedIn.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...signedIn) }, { weight: 1, arbitrary: anyCaller })
      : anyCaller;
  return fc.oneof(
    { weight: 2, arbitrary: requestOf(route, likelySignedIn, known, images, 'plausible') },
    { weight: 3, arbitrary: requestOf(route, anyCaller, known, images, 'hostile') },
  );
}
