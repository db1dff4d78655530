import type { Page } from '@playwright/test';
import { meSchema, sessionSchema, type Me } from '@shared/auth/schemas.js';

/**
 * Who the server says the page's session belongs to. The access token lives only in the app's
 * memory and the refresh token in an HttpOnly cookie, so the page itself asks: it refreshes the
 * session with its cookie (as the app does after a reload), then reads GET /api/auth/me.
 */
export async function serverSideUser(page: Page, origin: string): Promise<Me> {
  const reply = await page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
  if (reply.status !== 200) throw new Error(`POST /api/auth/refresh answered ${reply.status}`);
  const { accessToken } = sessionSchema.parse(reply.body);
  const response = await fetch(`${origin}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
  return meSchema.parse(await response.json());
}
