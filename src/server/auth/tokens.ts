import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '@shared/auth/roles.js';
import type { AuthUser } from '../core/identity.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

/** Who the token names, the session (refresh-token family) it belongs to and the user's token version when it was issued. */
export interface AccessClaims extends AuthUser {
  sessionId: string;
  version: number;
}

const keys = new Map<string, Promise<CryptoKey>>();
/** Imported once per secret: importing the key on every request cost more than checking the signature. */
function key(secret: string): Promise<CryptoKey> {
  let cached = keys.get(secret);
  if (!cached) {
    cached = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, cached);
  }
  return cached;
}

export async function signAccessToken(secret: string, claims: AccessClaims, now = Date.now()) {
  const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS * 1000;
  const token = await new SignJWT({ role: claims.role, sid: claims.sessionId, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await key(secret));
  return { token, expiresAt };
}

export interface VerifiedToken {
  claims: AccessClaims;
  /** Epoch ms. */
  expiresAt: number;
}

/** How many verified tokens one process remembers. */
export const VERIFIED_TOKENS_KEPT = 10_000;

interface Verification {
  secret: string;
  token: string;
  confirm: ConfirmClaims;
}

/**
 * A client sends the same access token with every request for its 15 minutes, so each token
 * is verified once per process (signature and database) and its claims reused until it
 * expires; revocations after that reach the caller through the RevocationRegistry. Requests
 * that arrive together with a token not verified yet share one verification. Only tokens that
 * passed verification are kept; when the store is full the least recently used goes first.
 */
const verifiedTokenStore = () =>
  new LRUCache<string, VerifiedToken, Verification>({
    max: VERIFIED_TOKENS_KEPT,
    ttl: ACCESS_TOKEN_TTL_SECONDS * 1000,
    fetchMethod: async (_key, _stale, { context: { secret, token, confirm }, options }) => {
      const verified = await checkAccessToken(secret, token, confirm);
      if (!verified) return undefined;
      options.ttl = Math.max(1, verified.expiresAt - Date.now());
      return verified;
    },
  });
let verifiedTokens = verifiedTokenStore();

/**
 * Forgets every verified token, so each is checked against the database again: for when this
 * instance may have missed revocations (its listener connection was down). Verifications under
 * way still answer their callers but are kept only in the store dropped here. (Clearing the
 * store would abort them instead, and lru-cache rejects an aborted fetch that resolves to
 * nothing, so a token refused meanwhile would answer an error rather than null.)
 */
export function forgetVerifiedTokens(): void {
  verifiedTokens = verifiedTokenStore();
}

function claimsOf(payload: JWTPayload): AccessClaims | null {
  const { sub, role, sid, ver } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !Number.isInteger(ver)) return null;
  return { userId: sub, role: (role as Role | null | undefined) ?? null, sessionId: sid, version: ver as number };
}

/**
 * Whether the token's last part is the HS256 signature of the rest with this secret: only a first
 * sieve, as jose checks the whole token (algorithm, expiry, claims) before anything is trusted.
 * It answers at once, where jose's WebCrypto answers later, so that requests bringing the same new
 * token together still reach the store in the same turn and share one verification.
 */
function signedWith(secret: string, token: string): boolean {
  const end = token.lastIndexOf('.');
  if (end < 0) return false;
  const expected = createHmac('sha256', secret).update(token.slice(0, end)).digest();
  const given = Buffer.from(token.slice(end + 1), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the account and session a token names still hold (one database query). */
export type ConfirmClaims = (claims: AccessClaims) => Promise<boolean>;

async function signedClaims(secret: string, token: string): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const claims = claimsOf(payload);
    if (!claims || payload.exp === undefined) return null;
    return { claims, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * As readAccessToken, but always asks `confirm` and remembers nothing: for while this process
 * may be missing revocations, when no verification made earlier can be trusted.
 */
export async function checkAccessToken(secret: string, token: string, confirm: ConfirmClaims): Promise<VerifiedToken | null> {
  const verified = await signedClaims(secret, token);
  return verified && (await confirm(verified.claims)) ? verified : null;
}

/**
 * The claims of a valid token and when it expires, or null for anything forged, expired,
 * malformed, without an expiry, or that `confirm` refuses. `confirm` runs only for a token this
 * process has not verified yet, once however many requests bring it at the same time.
 */
export async function readAccessToken(secret: string, token: string, confirm: ConfirmClaims): Promise<VerifiedToken | null> {
  // Keyed by the secret too: a token read with another secret is verified anew.
  const key = `${secret}\n${token}`;
  // A fetch takes its place in the store before it is answered: only a signed token may ask, or
  // a flood of forged ones would push every verified token out and send each back to the database.
  if (!verifiedTokens.has(key) && !signedWith(secret, token)) return null;
  const verified = await verifiedTokens.fetch(key, { context: { secret, token, confirm } });
  return verified && verified.expiresAt > Date.now() ? verified : null;
}

/** Opaque tokens (refresh, password reset) are random; only their hash is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1];
}
