import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@shared/auth/roles.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export interface AccessClaims {
  userId: string;
  role: Role | null;
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
  const token = await new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await key(secret));
  return { token, expiresAt };
}

/**
 * The claims of a valid token and when it expires (epoch ms), or null for anything forged,
 * expired, malformed or without an expiry.
 */
export async function readAccessToken(
  secret: string,
  token: string,
): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || payload.exp === undefined) return null;
    return {
      claims: { userId: payload.sub, role: (payload.role as Role | null | undefined) ?? null },
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}

/** The claims of a valid token, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  return (await readAccessToken(secret, token))?.claims ?? null;
}

/** Opaque tokens (refresh, password reset) are random; only their hash is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
