import type { RealtimeEvent } from '@shared/realtime/events.js';
import type { Database } from '../db/client.js';
import { parseEventPayload, REALTIME_CHANNEL } from '../realtime/publish.js';

/**
 * Hands `onEvent` every event raised on the database from now on, one per topic, as the sockets
 * following those topics get them; resolves to the function that stops listening. A payload that
 * carries no event fails the test.
 */
export function listenForEvents(database: Database, onEvent: (event: RealtimeEvent) => void): Promise<() => Promise<void>> {
  return database.listen(REALTIME_CHANNEL, (payload) => {
    const events = parseEventPayload(payload);
    if (events.length === 0) throw new Error(`Not a realtime event: ${payload}`);
    events.forEach(onEvent);
  });
}
