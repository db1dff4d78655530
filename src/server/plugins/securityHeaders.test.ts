import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useAnotherApp, useTestApp } from '../test/app.js';
import { contentSecurityPolicy, sourceOf } from './securityHeaders.js';

const directives = (header: string) =>
  new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

// One database for the file; the blocks below configured otherwise build their apps on it.
const configured = useTestApp({
  TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
  PAYSTACK_SCRIPT_URL: 'https://js.pay.example.com/v2/inline.js',
  PAYSTACK_API_URL: 'https://api.pay.example.com',
});

describe('security headers', () => {
  const t = configured;

  it.each(['/api/health', '/api/nope', '/api/restaurants'])('sends them on %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows only this origin, the tile host and the Paystack hosts, and workers and the manifest from this origin alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.pay.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://js.pay.example.com', 'https://api.pay.example.com']);
    expect(csp.get('frame-src')).toEqual(['https://js.pay.example.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('compresses JSON replies with brotli or gzip', async () => {
    const docs = { method: 'GET' as const, url: '/api/docs/json' };
    const br = await t.app.inject({ ...docs, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ ...docs, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});

describe('content security policy from the configuration', () => {
  it('upgrades requests on an https site, and allows no tile host without TILE_URL', () => {
    const csp = contentSecurityPolicy(testConfig({ TILE_URL: '', PUBLIC_URL: 'https://food.example.com' }));
    expect(csp.directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.directives['upgrade-insecure-requests']).toEqual([]);
  });

  it("lets Paystack's own script frame its checkout page, and nothing else of Paystack's", () => {
    const csp = contentSecurityPolicy(testConfig({}));
    expect(csp.directives['script-src']).toEqual(["'self'", 'https://js.paystack.co']);
    expect(csp.directives['frame-src']).toEqual(['https://js.paystack.co', 'https://checkout.paystack.com']);
    expect(csp.directives['connect-src']).toEqual(["'self'", 'https://js.paystack.co', 'https://api.paystack.co']);
  });

  it('reads the scheme and host of a URL or tile template', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(sourceOf('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(sourceOf('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(sourceOf('')).toBeUndefined();
  });
});

describe('security headers in development', () => {
  const t = useAnotherApp(configured, { NODE_ENV: 'development' });

  it('sends no HSTS, so a developer on plain http is not locked out of localhost', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

/** Sends raw bytes and reads the reply up to the server's close: status, headers and body. */
function rawExchange(port: number, request: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('security headers on replies made before any hook runs', () => {
  const t = useAnotherApp(configured, {});
  let port: number;
  let expected: Record<string, string>;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const { headers } = await t.app.inject({ method: 'GET', url: '/api/health' });
    expected = Object.fromEntries(
      [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'strict-transport-security',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
      ].map((name) => [name, String(headers[name])]),
    );
    expect(expected['x-content-type-options']).toBe('nosniff');
  });

  it('sends them with a 400 in the API shape for a path with a broken %-escape', async () => {
    const res = await rawExchange(port, 'GET /api/orders/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatchObject(expected);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'bad_request', message: 'That address is not valid' } });
  });

  it('sends them with a 400 in the API shape for a WebSocket upgrade without a key', async () => {
    const res = await rawExchange(
      port,
      'GET /api/realtime HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(res.status).toBe(400);
    expect(res.headers).toMatchObject(expected);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'bad_request', message: 'Missing or invalid Sec-WebSocket-Key header' },
    });
  });

  it('sends them with a 400 in the API shape for a request that is not HTTP', async () => {
    const res = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nnot a header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatchObject(expected);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'bad_request', message: 'That request could not be read' } });
  });
});
