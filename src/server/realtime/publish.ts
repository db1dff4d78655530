import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client.js';
import { realtimeEventSchema, type RealtimeEvent } from '@shared/realtime/events.js';

export const REALTIME_CHANNEL = 'realtime';

const raisedIn = new WeakMap<Tx, RealtimeEvent[]>();

/** Marks a transaction as one that may raise events; inTransaction() does this. */
export function collectEvents(tx: Tx): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  raisedIn.set(tx, events);
  return events;
}

/**
 * Raises an event from inside a writing transaction. It is sent only after that transaction
 * commits (see docs/decisions/006-realtime-events-after-commit.md), so a rolled-back write never
 * reaches a browser.
 */
export async function publish(tx: Tx, event: RealtimeEvent): Promise<void> {
  const events = raisedIn.get(tx);
  if (!events) throw new Error('publish() must be called inside inTransaction() from src/server/db/transaction.ts');
  events.push(event);
}

/** Sends events with one NOTIFY statement of its own, outside any writing transaction. */
export async function sendEvents(db: Queryable, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  const notifications = events.map((event) => sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
  await db.execute(sql`select ${sql.join(notifications, sql`, `)}`);
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
