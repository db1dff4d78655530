import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on 127.0.0.1 that checks what a real one checks and decrypts what only the
 * browser could (no vitest in here: an end-to-end journey can run it too). subscribe() makes the
 * browser's side of a subscription: a P-256 key pair and a 16-byte auth secret, and an endpoint on
 * this service. Each POST to an endpoint must carry a VAPID Authorization header (RFC 8292:
 * `vapid t=<JWT>, k=<key>`, an ES256 JWT signed by k, k the key the subscription was made with,
 * aud this origin, exp in the future and at most 24 h away, sub present) and an aes128gcm body
 * (RFC 8188) encrypted for the subscription (RFC 8291), which is decrypted and kept. Anything else
 * is refused and written down in `problems`. It answers 201, or what `answer` queued for that
 * endpoint (404, 410, 500...).
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Delivery {
  endpoint: string;
  /** What this service answered. */
  status: number;
  /** The decrypted body, parsed as JSON. */
  message: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
}

export interface PushEndpoint {
  /** http://127.0.0.1:<port>, for PUSH_SERVICE_ORIGINS. */
  origin: string;
  /** A new subscription, as pushManager.subscribe() with this applicationServerKey gives a browser. */
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** Answers the next requests to `endpoint` with these statuses, in order; 201 once they are used up. */
  answer(endpoint: string, ...statuses: number[]): void;
  /** Every request that passed the checks, with what was answered. */
  deliveries: Delivery[];
  /** The messages taken (answered 2xx), of one endpoint or all. */
  received(endpoint?: string): unknown[];
  /** Why requests were refused: each one a test should fail on. */
  problems: string[];
  close(): Promise<void>;
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string;
  answers: number[];
}

const MAX_VAPID_SECONDS = 24 * 60 * 60;

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The VAPID header's JWT checked against k, and k against the key the subscription was made with. */
async function checkVapid(header: string | undefined, origin: string, subscription: Subscription): Promise<void> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Refused(401, `no VAPID Authorization header: ${header ?? '(none)'}`);
  const [, token = '', key = ''] = match;
  if (key !== subscription.applicationServerKey) throw new Refused(403, 'k is not the key the subscription was made with');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refused(401, 'k is not an uncompressed P-256 point');
  const publicKey = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    'ES256',
  );
  let payload;
  try {
    ({ payload } = await jwtVerify(token, publicKey, {
      algorithms: ['ES256'],
      audience: origin,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    throw new Refused(401, `the VAPID JWT does not hold: ${(error as Error).message}`);
  }
  const secondsLeft = (payload.exp ?? 0) - Date.now() / 1000;
  if (secondsLeft > MAX_VAPID_SECONDS + 60)
    throw new Refused(401, `the VAPID JWT expires in ${Math.round(secondsLeft)} s, more than 24 h`);
  if (!/^(mailto:|https:)/.test(String(payload.sub))) throw new Refused(401, `the VAPID sub is ${String(payload.sub)}`);
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The aes128gcm body decrypted with the subscription's private key and auth secret (RFC 8291 section 3.4, RFC 8188 section 2). */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  if (body.length < 21) throw new Refused(400, 'the body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4) throw new Refused(400, "the header's keyid is not the sender's P-256 public key");
  if (recordSize < 18) throw new Refused(400, `record size ${recordSize} is too small`);

  const receiverKey = subscription.ecdh.getPublicKey();
  const ecdhSecret = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = hkdf(subscription.auth, ecdhSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The sequence number XORed into the nonce's low bytes (far fewer than 2^32 records).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refused(400, `record ${sequence} does not decrypt: wrong keys or a tampered body`);
    }
    const last = offset + recordSize >= records.length;
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== (last ? 2 : 1))
      throw new Refused(400, `record ${sequence} does not end with the delimiter ${last ? 2 : 1}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const subscriptions = new Map<string, Subscription>();
  const deliveries: Delivery[] = [];
  const problems: string[] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const endpoint = `${origin}${request.url ?? ''}`;
    const subscription = subscriptions.get(endpoint);
    if (request.method !== 'POST' || !subscription)
      throw new Refused(404, `${request.method} ${request.url}: no such subscription`);
    await checkVapid(request.headers.authorization, origin, subscription);
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      throw new Refused(415, `Content-Encoding is ${request.headers['content-encoding']}, not aes128gcm`);
    }
    const message: unknown = JSON.parse(decrypt(body, subscription).toString('utf8'));
    const status = subscription.answers.shift() ?? 201;
    const header = (name: string) => request.headers[name] as string | undefined;
    deliveries.push({ endpoint, status, message, ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') });
    response.writeHead(status).end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof Refused ? error.status : 500;
      problems.push(`${request.method} ${request.url}: ${(error as Error).message}`);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscriptions.set(endpoint, { ecdh, auth, applicationServerKey, answers: [] });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer(endpoint, ...statuses) {
      const subscription = subscriptions.get(endpoint);
      if (!subscription) throw new Error(`no subscription ${endpoint}`);
      subscription.answers.push(...statuses);
    },
    deliveries,
    received: (endpoint) =>
      deliveries
        .filter((delivery) => delivery.status < 300 && (endpoint === undefined || delivery.endpoint === endpoint))
        .map((delivery) => delivery.message),
    problems,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
