import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, readAccessToken, signAccessToken } from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';
const claims = { userId: '5b0f5f5e-8d0c-4b7e-9a52-1d2f4f9b1c3a', role: 'customer' as const };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the claims and expiry of a token it signed, again and again', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, claims);
    const expected = { claims, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
    expect(await readAccessToken(SECRET, token)).toEqual(expected);
    expect(await readAccessToken(SECRET, token)).toEqual(expected);
  });

  it('refuses a forged signature, a token of another secret and garbage, even after the real token was read', async () => {
    const { token } = await signAccessToken(SECRET, claims);
    await readAccessToken(SECRET, token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(await readAccessToken(SECRET, forged)).toBeNull();
    expect(await readAccessToken('another-secret-another-secret-another-0123', token)).toBeNull();
    expect(await readAccessToken(SECRET, 'not-a-token')).toBeNull();
  });

  it('stops accepting a token once it expires, although it was read while valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const { token } = await signAccessToken(SECRET, claims);
    expect(await readAccessToken(SECRET, token)).not.toBeNull();

    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await readAccessToken(SECRET, token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 1000));
    expect(await readAccessToken(SECRET, token)).toBeNull();
  });
});
