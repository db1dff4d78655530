import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { realtimeEventSchema, type RealtimeEvent } from '@shared/realtime/events.js';

export const REALTIME_CHANNEL = 'realtime';

/**
 * Raise an event inside the writing transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, so a rolled-back write never reaches a browser.
 */
export async function publish(db: Queryable, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The event carried by a NOTIFY payload, or null for anything publish() would not have sent. */
export function parseEventPayload(payload: string): RealtimeEvent | null {
  try {
    const parsed = realtimeEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
