import { expect, type Page } from '@playwright/test';
import { serverMessageSchema } from '@shared/realtime/events.js';

function parse(payload: string | Buffer) {
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(payload.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Follows the page's realtime socket and the topics the server confirmed to it. Start it before
 * the page opens the socket. A journey that makes something happen for a screen to show live
 * waits for the screen's subscription first: an event sent before it would never reach the page.
 */
export function watchRealtime(page: Page) {
  // The newest socket's topics only: after a reload or a reconnect the old socket may still be open,
  // or report its close after the new one's confirmations.
  let current = new Set<string>();
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.endsWith('/api/realtime')) return;
    const subscribed = new Set<string>();
    current = subscribed;
    socket.on('framereceived', ({ payload }) => {
      const message = parse(payload);
      if (message?.type === 'subscribed') subscribed.add(message.topic);
      if (message?.type === 'unsubscribed') subscribed.delete(message.topic);
    });
    socket.on('close', () => subscribed.clear());
  });

  return {
    async subscribedTo(topic: string, timeout = 10_000): Promise<void> {
      await expect.poll(() => current.has(topic), { timeout, message: `realtime subscription to ${topic}` }).toBe(true);
    },
  };
}
