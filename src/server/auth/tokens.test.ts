import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  forgetVerifiedTokens,
  readAccessToken,
  signAccessToken,
  VERIFIED_TOKENS_KEPT,
  type AccessClaims,
} from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';
const claims: AccessClaims = {
  userId: '5b0f5f5e-8d0c-4b7e-9a52-1d2f4f9b1c3a',
  role: 'customer',
  sessionId: '0c7d3c2e-41a6-4b55-8f0e-7a1c2b3d4e5f',
  version: 3,
};
const holds = async () => true;

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the claims (user, role, session, version) and expiry of a token it signed, again and again', async () => {
    const { token, expiresAt } = await signAccessToken(SECRET, claims);
    const expected = { claims, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
    expect(await readAccessToken(SECRET, token, holds)).toEqual(expected);
    expect(await readAccessToken(SECRET, token, holds)).toEqual(expected);
  });

  it('asks whether the account and session still hold once per token, not on every read', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 4 });
    const confirm = vi.fn(holds);
    for (let i = 0; i < 5; i++) expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith({ ...claims, version: 4 });
  });

  it('asks once for a new token that many requests bring at the same time, and answers them all', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 7 });
    const confirm = vi.fn(holds);
    const reads = await Promise.all(Array.from({ length: 20 }, () => readAccessToken(SECRET, token, confirm)));
    expect(reads.every((read) => read?.claims.version === 7)).toBe(true);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('does not remember a verification that began before the verified tokens were forgotten', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 8 });
    let answer: ((holds: boolean) => void) | undefined;
    const slowConfirm = () => new Promise<boolean>((resolve) => (answer = resolve));
    const before = readAccessToken(SECRET, token, slowConfirm);
    await vi.waitFor(() => expect(answer).toBeDefined());
    forgetVerifiedTokens();
    const confirm = vi.fn(async () => false);
    const after = readAccessToken(SECRET, token, confirm);
    answer?.(true);
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
    expect(await readAccessToken(SECRET, token, confirm)).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('answers null, not an error, for a token refused by a verification under way when the verified tokens were forgotten', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 9 });
    let answer: ((holds: boolean) => void) | undefined;
    const before = readAccessToken(SECRET, token, () => new Promise<boolean>((resolve) => (answer = resolve)));
    await vi.waitFor(() => expect(answer).toBeDefined());
    forgetVerifiedTokens();
    answer?.(false);
    expect(await before).toBeNull();
    const confirm = vi.fn(holds);
    expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('passes a failed confirmation on to every request waiting for it, and asks again on the next', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 10 });
    const failing = vi.fn(() => Promise.reject(new Error('database down')));
    const reads = Array.from({ length: 3 }, () => readAccessToken(SECRET, token, failing));
    for (const read of reads) await expect(read).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(1);
    const confirm = vi.fn(holds);
    expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('refuses a token the confirmation refuses, and does not remember it', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 5 });
    expect(await readAccessToken(SECRET, token, async () => false)).toBeNull();
    const confirm = vi.fn(holds);
    expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('checks every token again once the verified tokens are forgotten', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 6 });
    await readAccessToken(SECRET, token, holds);
    forgetVerifiedTokens();
    expect(await readAccessToken(SECRET, token, async () => false)).toBeNull();
  });

  it('refuses a forged signature, a token of another secret and garbage, even after the real token was read', async () => {
    const { token } = await signAccessToken(SECRET, claims);
    await readAccessToken(SECRET, token, holds);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(await readAccessToken(SECRET, forged, holds)).toBeNull();
    expect(await readAccessToken('another-secret-another-secret-another-0123', token, holds)).toBeNull();
    expect(await readAccessToken(SECRET, 'not-a-token', holds)).toBeNull();
  });

  it('keeps the tokens it verified through a flood of more forged ones at once than it remembers', async () => {
    const { token } = await signAccessToken(SECRET, { ...claims, version: 9 });
    const confirm = vi.fn(holds);
    expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    const [header, payload] = token.split('.');
    const forged = Array.from(
      { length: VERIFIED_TOKENS_KEPT + 1 },
      (_, i) => `${header}.${payload}.${String(i).padStart(43, 'A')}`,
    );
    const reads = await Promise.all(forged.map((forgery) => readAccessToken(SECRET, forgery, confirm)));
    expect(reads.every((read) => read === null)).toBe(true);
    expect(await readAccessToken(SECRET, token, confirm)).not.toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('stops accepting a token once it expires, although it was read while valid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const { token } = await signAccessToken(SECRET, claims);
    expect(await readAccessToken(SECRET, token, holds)).not.toBeNull();

    vi.setSystemTime(new Date(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000));
    expect(await readAccessToken(SECRET, token, holds)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 1000));
    expect(await readAccessToken(SECRET, token, holds)).toBeNull();
  });
});
