import type { Page } from 'playwright-core';
import { meSchema, sessionSchema, type Me, type Session } from '@shared/auth/schemas.js';

function parsed(raw: string): Session | null {
  try {
    const result = sessionSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The session the client keeps in the page's localStorage, whatever key it uses. */
export async function storedSession(page: Page): Promise<Session> {
  const values = await page.evaluate(() => Object.values(localStorage));
  const session = values.map(parsed).find((value) => value !== null);
  if (!session) throw new Error('no session in localStorage');
  return session;
}

/** Who the server says the page's stored session belongs to (GET /api/auth/me). */
export async function serverSideUser(page: Page, origin: string): Promise<Me> {
  const { accessToken } = await storedSession(page);
  const response = await fetch(`${origin}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
  return meSchema.parse(await response.json());
}
