import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/auth/schemas.js';
import { REFRESH_LEAD_MS, isTokenUsable, localizeExpiry, refreshDelay, tokenLifetimeMs } from './sessionTiming.js';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;

const session = (accessToken: string, expiresAt: number): Session => ({
  accessToken,
  expiresAt,
  user: {
    id: '6f1c2f7e-8d7b-4c1e-9a53-2b0d8f1e4a11',
    email: 'ama@example.com',
    role: 'customer',
    profile: { fullName: 'Ama Mensah', phone: '+233200000000', avatarUrl: null },
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});

describe('refreshDelay', () => {
  it('schedules the refresh one minute before the access token expires', () => {
    const now = 1_000_000;
    expect(refreshDelay(now + 15 * 60_000, now)).toBe(15 * 60_000 - REFRESH_LEAD_MS);
  });

  it('refreshes soon, but not in a tight loop, when the token is already inside the last minute', () => {
    const now = 1_000_000;
    expect(refreshDelay(now + 30_000, now)).toBe(5_000);
    expect(refreshDelay(now - 60_000, now)).toBe(5_000);
  });
});

describe('isTokenUsable', () => {
  it('accepts a token with minutes left and refuses one about to expire', () => {
    expect(isTokenUsable({ expiresAt: 100_000 + 5 * 60_000 }, 100_000)).toBe(true);
    expect(isTokenUsable({ expiresAt: 100_000 + 2_000 }, 100_000)).toBe(false);
  });
});

describe('tokenLifetimeMs', () => {
  it('reads exp minus iat from the JWT payload', () => {
    expect(tokenLifetimeMs(jwt({ sub: 'u', iat: 1_700_000_000, exp: 1_700_000_900 }))).toBe(900_000);
  });

  it('returns null for a token that is not a readable JWT', () => {
    expect(tokenLifetimeMs('opaque-token')).toBeNull();
    expect(tokenLifetimeMs('a.!!!.c')).toBeNull();
    expect(tokenLifetimeMs(jwt({ sub: 'u' }))).toBeNull();
  });
});

describe('localizeExpiry', () => {
  it("puts the expiry on the device's clock even when the server's clock differs", () => {
    const serverExpiry = 1_700_000_900_000;
    const deviceNow = serverExpiry + 60 * 60_000;
    const localized = localizeExpiry(session(jwt({ iat: 1_700_000_000, exp: 1_700_000_900 }), serverExpiry), deviceNow);
    expect(localized.expiresAt).toBe(deviceNow + 900_000);
    expect(isTokenUsable(localized, deviceNow)).toBe(true);
  });

  it("keeps the server's expiry when the token cannot be read", () => {
    expect(localizeExpiry(session('opaque', 42), 1_000).expiresAt).toBe(42);
  });
});
