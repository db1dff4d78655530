import { collectEvents, sendEvents } from '../realtime/publish.js';
import type { Db, Tx } from './client.js';

/**
 * Runs `work` in one transaction; once it has committed, sends the realtime events it raised
 * with publish(). A failure to send after the commit is reported but not thrown: the write
 * stands, and clients catch up when they refetch.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let events: ReturnType<typeof collectEvents> = [];
  const result = await db.transaction(async (tx) => {
    events = collectEvents(tx);
    return work(tx);
  });
  await sendEvents(db, events).catch((error: unknown) => {
    process.emitWarning(`realtime events were not sent after commit: ${String(error)}`);
  });
  return result;
}
