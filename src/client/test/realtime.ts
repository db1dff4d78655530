import type { RealtimeEvent } from '@shared/realtime/events.js';
import type { RealtimeConnection, RealtimeHandler } from '@/lib/realtimeHub.js';

/** A realtime connection the test drives: it delivers the events the test raises to whoever subscribed. */
export function fakeSocket() {
  const handlers = new Map<string, RealtimeHandler>();
  const connection: RealtimeConnection = {
    subscribe(topic, handler) {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    },
    close: () => undefined,
  };
  return {
    connection,
    listening: (topic: string) => handlers.has(topic),
    raise: (event: RealtimeEvent) => handlers.get(event.topic)?.(event),
  };
}

export type FakeSocket = ReturnType<typeof fakeSocket>;
