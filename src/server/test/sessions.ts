import { decodeJwt } from 'jose';
import type { Role } from '@shared/auth/roles.js';
import { REFRESH_COOKIE } from '../auth/cookies.js';
import type { AccessClaims } from '../auth/tokens.js';
import type { TestUser } from './accounts.js';
import type { TestContext } from './app.js';

/** The refresh token a reply set in its cookie. */
export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie?.value) throw new Error('no refresh cookie in the reply');
  return cookie.value;
}

/** POST /api/auth/<route> as a browser would: JSON body, with the refresh cookie when given. */
export const postAuth = (t: TestContext, route: string, payload: object, refreshToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${route}`,
    payload,
    cookies: refreshToken ? { [REFRESH_COOKIE]: refreshToken } : {},
  });

/** The claims of a test user's access token, to sign variants of it (expired, forged, outdated). */
export function claimsOf(user: TestUser): AccessClaims {
  const { sub, role, sid, ver } = decodeJwt(user.accessToken);
  return { userId: sub as string, role: role as Role, sessionId: sid as string, version: ver as number };
}
