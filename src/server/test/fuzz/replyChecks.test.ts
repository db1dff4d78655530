import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { replyProblem, replyText, type ReplySeen } from './replyChecks.js';

const json = (statusCode: number, body: unknown): ReplySeen => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

describe('what the fuzzer counts as a broken reply', () => {
  it('accepts a success and an error in the API shape', () => {
    expect(replyProblem('GET', json(200, { ok: true }), '/api/health')).toBeUndefined();
    expect(
      replyProblem('GET', json(404, { error: { code: 'not_found', message: 'Order not found' } }), '/api/orders/x'),
    ).toBeUndefined();
  });

  it('refuses any 5xx, even in the API shape', () => {
    expect(replyProblem('GET', json(500, { error: { code: 'internal', message: 'Something went wrong' } }), '')).toMatch(
      /server error/,
    );
  });

  it("refuses Fastify's own error shape and an empty 404", () => {
    const fastifyShape = json(400, {
      error: 'Bad Request',
      code: 'FST_ERR_BAD_URL',
      message: 'not a valid url',
      statusCode: 400,
    });
    expect(replyProblem('GET', fastifyShape, '')).toMatch(/not \{ error/);
    expect(replyProblem('GET', { statusCode: 404, headers: {}, body: '' }, '')).toMatch(/not JSON/);
    expect(replyProblem('HEAD', { statusCode: 404, headers: {}, body: '' }, '')).toBeUndefined();
  });

  it('refuses a reply that carries a stack trace or a failed statement', () => {
    const stack = json(400, {
      error: { code: 'bad_request', message: 'x\n    at handler (/app/src/server/orders/routes.ts:12:3)' },
    });
    expect(replyProblem('POST', stack, '')).toMatch(/stack trace/);
    const sql = json(409, {
      error: { code: 'conflict', message: 'Failed query: insert into "orders" ("id") values ($1) params: 1' },
    });
    expect(replyProblem('POST', sql, '')).toMatch(/SQL/);
    const select = json(400, { error: { code: 'bad_request', message: 'select "id", "email" from "users" where "email" = $1' } });
    expect(replyProblem('POST', select, '')).toMatch(/SQL/);
  });

  it('does not blame the server for echoing what the request itself sent', () => {
    const echo = json(404, { error: { code: 'not_found', message: 'No route for GET /api/select * from users' } });
    expect(replyProblem('GET', echo, '/api/select * from users')).toBeUndefined();
  });

  it('refuses a redirect that goes nowhere', () => {
    expect(replyProblem('GET', { statusCode: 302, headers: {}, body: '' }, '')).toMatch(/redirect/);
    expect(replyProblem('GET', { statusCode: 302, headers: { location: '/api/docs/' }, body: '' }, '')).toBeUndefined();
  });

  it('reads a compressed reply as its text', () => {
    const text = JSON.stringify({ error: { code: 'not_found', message: 'x'.repeat(2_000) } });
    expect(replyText({ headers: { 'content-encoding': 'gzip' }, rawPayload: gzipSync(text) })).toBe(text);
    expect(replyText({ headers: {}, rawPayload: Buffer.from(text) })).toBe(text);
  });
});
