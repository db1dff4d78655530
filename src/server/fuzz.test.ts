import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverMessageSchema, topics } from '@shared/realtime/events.js';
import { useTestApp } from './test/app.js';
import { frameArbitrary, RecordingSocket, type Frame } from './test/fuzz/realtime.js';
import { replyProblem, replyText } from './test/fuzz/replyChecks.js';
import { describeRequest, requestArbitrary, type FuzzRequest } from './test/fuzz/requests.js';
import { catalogNextApp } from './test/fuzz/routeCatalog.js';
import { buildFuzzScene } from './test/fuzz/scene.js';

/**
 * Property-based fuzzing of the whole API. Every route the app registers (found as it is
 * registered, so new routes are fuzzed without editing this file) gets generated requests from
 * every kind of caller, built from the route's own zod schemas and mixed with hostile values and
 * raw junk. A failure prints fast-check's seed and path and the request, shrunk; run again with
 * FUZZ_SEED=<seed> to replay the same requests. FUZZ_REQUESTS raises the total. `npm test` uses
 * one pinned seed, so CI never fails at random; `npm run fuzz` draws a new one each run.
 */

const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const PINNED_SEED = 20_261_126;
const SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? PINNED_SEED);
const SOCKET_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 300);

/** WebSocket's "message too big" close: a server may refuse an oversized frame that way. */
const MESSAGE_TOO_BIG = 1009;
const SMALLEST_SANE_FRAME_LIMIT = 4096;

/** Signing out ends the session of the token it carries: the other routes' callers keep theirs. */
const SIGN_OUT = 'POST /api/auth/signout';
/**
 * Routes the scene leaves on purpose without what they need to succeed: they are fuzzed like every
 * other route and must answer every request well, but are not expected to answer 2xx.
 */
const REFUSED_BY_DESIGN: { route: string; reason: string }[] = [
  {
    route: 'POST /api/admin/drivers/:id/verify-id',
    reason:
      "the scene's drivers have no national ID image or profile picture, so the ID check refuses them before any OCR and face comparison, which take seconds each",
  },
  // Invitations are found by the emailed token, of which only the hash is stored: no generated one is ever live.
  { route: 'POST /api/invitations/lookup', reason: 'the token of an invitation exists only in its email' },
  { route: 'POST /api/invitations/accept', reason: 'the token of an invitation exists only in its email' },
  { route: 'POST /api/auth/invitation-signup', reason: 'the token of an invitation exists only in its email' },
  // Card payments: this app has no Paystack keys (payments/card.test.ts pays through a local stand-in).
  { route: 'POST /api/payments/card/intents', reason: 'without Paystack keys card checkout is refused (422)' },
  { route: 'POST /api/payments/card/intents/:reference/verify', reason: 'no intent of the scene is ever paid' },
  { route: 'POST /api/payments/paystack/webhook', reason: 'only Paystack can sign a webhook; every fuzzed one is refused (401)' },
  // SMS delivery reports need SMS_REPORT_SECRET in their address (notifications/sms/reports.test.ts sends them).
  {
    route: 'POST /api/sms/reports/africastalking/:secret',
    reason: 'the fuzzed app has no SMS_REPORT_SECRET: every report is refused (404)',
  },
  {
    route: 'POST /api/sms/reports/hubtel/:secret',
    reason: 'the fuzzed app has no SMS_REPORT_SECRET: every report is refused (404)',
  },
  // Scraped with METRICS_TOKEN only, which the fuzzed app has not (health/metrics.test.ts scrapes with one).
  { route: 'GET /metrics', reason: 'the fuzzed app has no METRICS_TOKEN: /metrics answers 404' },
  { route: 'HEAD /metrics', reason: 'the fuzzed app has no METRICS_TOKEN: /metrics answers 404' },
  { route: 'POST /api/admin/jobs/:queue/:id/retry', reason: 'the scene has no dead job, and a generated id never names one' },
  // Payouts: this app has no Paystack keys (payouts/*.test.ts pay through a local stand-in).
  ...[
    'GET /api/payouts/banks',
    'HEAD /api/payouts/banks',
    'POST /api/payouts/resolve',
    'PUT /api/restaurants/:id/payout-account',
    'PUT /api/drivers/me/payout-account',
    'GET /api/admin/payouts/balance',
    'HEAD /api/admin/payouts/balance',
    'POST /api/admin/payouts',
    'POST /api/admin/payouts/everyone',
  ].map((route) => ({ route, reason: 'without Paystack keys payout accounts and payouts are refused (422)' })),
  { route: 'POST /api/admin/payouts/:id/otp', reason: 'no payout of the scene waits for an OTP' },
  {
    route: 'POST /api/orders/:id/not-available',
    reason:
      "a delivery closes so only once the rider's wait at the door is over (CUSTOMER_WAIT_MINUTES), which no scene's wait is",
  },
];

const excerpt = (text: string) => JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text);

describe(`fuzzing every route (FUZZ_SEED=${SEED})`, () => {
  const routes = catalogNextApp();
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  it('answers at least 10,000 generated requests across every route without a 5xx, a malformed error or a leak', async () => {
    const scene = await buildFuzzScene(t);
    expect(routes.length).toBeGreaterThan(10);
    const runsPerRoute = Math.ceil(TOTAL_REQUESTS / routes.length);

    let sent = 0;
    /** Routes that did real work at least once: a fuzzer that only ever gets refused tests little. */
    const succeeded = new Set<string>();
    const send = (routeKey: string) => async (request: FuzzRequest) => {
      sent += 1;
      const reply = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      if (reply.statusCode < 300) succeeded.add(routeKey);
      const sentText = `${request.url} ${request.payload?.toString() ?? ''}`;
      const seen = { statusCode: reply.statusCode, headers: reply.headers, body: replyText(reply) };
      const problem = replyProblem(request.method, seen, sentText);
      if (problem) throw new Error(`${problem}: ${describeRequest(request)} -> ${reply.statusCode} ${excerpt(seen.body)}`);
    };

    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const routeKey = `${route.method} ${route.url}`;
      // Each route meets the scene as built: whatever the routes before it changed is undone.
      if (index > 0) await scene.restore();
      const property = fc.asyncProperty(
        requestArbitrary(route, routeKey === SIGN_OUT ? scene.signOutCallers : scene.callers, scene.known, scene.images),
        send(routeKey),
      );
      const details = await fc.check(property, { numRuns: runsPerRoute, seed: SEED + index });
      if (details.failed) {
        failures.push(
          `${routeKey} (FUZZ_SEED=${SEED}, this route's seed ${SEED + index})\n${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`,
        );
      }
    }

    expect(failures.length, failures.join('\n\n')).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    const expectedToSucceed = routes
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !REFUSED_BY_DESIGN.some(({ route }) => route === key));
    const refusedOnly = expectedToSucceed.filter((key) => !succeeded.has(key));
    expect(refusedOnly.length, `routes that never answered 2xx: ${refusedOnly.join(', ')}`).toBeLessThanOrEqual(
      expectedToSucceed.length / 4,
    );
  }, 300_000);

  // FUZZ_SEED=402534895 once failed every run: a fuzzed admin made another user admin and then
  // took the scene's admin's role away, so every admin route after it only ever answered 401.
  it('puts the scene back between routes: callers demoted, disabled, signed out and rows changed come back', async () => {
    const scene = await buildFuzzScene(t);
    const signedIn = [...scene.callers, ...scene.signOutCallers].filter((caller) => caller.signedIn);
    const by = (name: string) => signedIn.find((caller) => caller.name === name)!;
    const [customerId, , ownerId, managerId, driverId, , adminId] = scene.known.ids.user as string[];
    const restaurantId = scene.known.ids.restaurant![0]!;
    const send = (caller: string, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: by(caller).headers, payload });
    const me = async () =>
      Promise.all(
        signedIn.map(async ({ name }) => [name, (await send(name, 'GET', '/api/auth/me')).json<{ role?: string }>().role]),
      );
    const rolesBefore = await me();
    expect(rolesBefore.every(([, role]) => role !== undefined)).toBe(true);
    expect((await send('customer', 'GET', `/api/restaurants/${restaurantId}`)).statusCode).toBe(200);

    const changes = [
      () => send('admin', 'PATCH', `/api/admin/users/${customerId}/role`, { role: 'admin' }),
      () => send('admin', 'PATCH', `/api/admin/users/${ownerId}/disabled`, { disabled: true }),
      () => send('admin', 'PATCH', `/api/admin/users/${driverId}/role`, { role: 'customer' }),
      () => send('admin', 'DELETE', `/api/restaurants/${restaurantId}/managers/${managerId}`),
      () => send('admin', 'PATCH', `/api/admin/restaurants/${restaurantId}/active`, { active: false }),
      () => send('spare session 1', 'POST', '/api/auth/signout', {}),
      () => send('admin', 'PATCH', `/api/admin/users/${adminId}/role`, { role: 'customer' }),
    ];
    for (const change of changes) expect((await change()).statusCode).toBeLessThan(300);
    // On PostgreSQL revocations and catalog changes reach the app by NOTIFY, a moment after the commit.
    await t.database.caughtUp();
    expect((await send('admin', 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await send('customer', 'GET', `/api/restaurants/${restaurantId}`)).statusCode).toBe(404);

    // Twice: the second restore starts from the sessions the first one gave.
    for (const round of [1, 2]) {
      await scene.restore();
      expect(await me(), `round ${round}`).toEqual(rolesBefore);
      expect((await send('admin', 'GET', '/api/admin/users')).statusCode).toBe(200);
      expect((await send('manager', 'GET', '/api/restaurants/managed')).json<unknown[]>()).toHaveLength(1);
      expect((await send('customer', 'GET', `/api/restaurants/${restaurantId}`)).statusCode).toBe(200);
      expect((await send('admin', 'PATCH', `/api/admin/users/${ownerId}/disabled`, { disabled: true })).statusCode).toBe(200);
    }
  }, 60_000);

  it('answers malformed realtime messages and topics with errors, never by closing the socket', async () => {
    const scene = await buildFuzzScene(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/realtime`;
    const tokens = scene.tokens.map(({ token }) => token);

    const session = fc.record({
      token: fc.option(fc.constantFrom(...tokens), { freq: 8 }),
      frames: fc.array(frameArbitrary(scene.known, tokens), { minLength: 1, maxLength: 12 }),
    });

    const property = fc.asyncProperty(session, async ({ token, frames }: { token: string | null; frames: Frame[] }) => {
      const socket = await RecordingSocket.open(url);
      const oversized = frames.some((frame) => Buffer.byteLength(frame.data) > SMALLEST_SANE_FRAME_LIMIT);
      const acceptableClose = (code: number | undefined) => code === MESSAGE_TOO_BIG && oversized;
      try {
        if (token === null) {
          for (const frame of frames) socket.send(frame);
          // Unless it carries a valid token, the first message of a socket closes it as unauthorized.
          const ready = () => socket.received.some((m) => m.includes('"ready"'));
          await socket.until(() => socket.closedWith !== undefined || ready());
          const code = socket.closedWith?.code;
          if (!ready() && code !== 4401 && !acceptableClose(code))
            throw new Error(`closed a socket without a token with ${code} "${socket.closedWith?.reason}"`);
          return;
        }
        socket.send({ data: JSON.stringify({ type: 'auth', token }), binary: false });
        for (const frame of frames) socket.send(frame);
        // A unique sentinel: once it is answered, every frame before it has been handled.
        const sentinel = topics.order(randomUUID());
        socket.send({ data: JSON.stringify({ type: 'unsubscribe', topic: sentinel }), binary: false });
        const answered = await socket.until(
          () => socket.closedWith !== undefined || socket.received.some((m) => m.includes(sentinel)),
        );
        if (acceptableClose(socket.closedWith?.code)) return;
        if (socket.closedWith)
          throw new Error(`server closed the socket with ${socket.closedWith.code} "${socket.closedWith.reason}"`);
        if (!answered) throw new Error('the server stopped answering');
        for (const message of socket.received) {
          if (!serverMessageSchema.safeParse(JSON.parse(message)).success)
            throw new Error(`server sent a malformed message ${message}`);
        }
      } finally {
        await socket.close();
      }
    });

    const details = await fc.check(property, { numRuns: SOCKET_RUNS, seed: SEED });
    expect(details.failed, `${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`).toBe(false);
  }, 300_000);
});
