import type { RealtimeEvent } from '@shared/realtime/events.js';

export type RealtimeHandler = (event: RealtimeEvent) => void;

/** What the hub needs of a socket client (RealtimeClient in lib/realtime.ts). */
export interface RealtimeConnection {
  subscribe(topic: string, handler: RealtimeHandler): () => void;
  close(): void;
}

interface Subscription {
  topic: string;
  handler: RealtimeHandler;
  unsubscribe: (() => void) | null;
}

/**
 * Holds the one realtime connection of the signed-in user. Screens subscribe at any time;
 * their subscriptions are attached when a connection opens (sign-in) and detached when it
 * closes (sign-out), so a screen never has to care whether a socket exists yet.
 */
export class RealtimeHub {
  private connection: RealtimeConnection | null = null;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly open: () => RealtimeConnection) {}

  connect() {
    if (this.connection) return;
    const connection = this.open();
    this.connection = connection;
    for (const subscription of this.subscriptions) {
      subscription.unsubscribe = connection.subscribe(subscription.topic, subscription.handler);
    }
  }

  disconnect() {
    for (const subscription of this.subscriptions) {
      subscription.unsubscribe?.();
      subscription.unsubscribe = null;
    }
    this.connection?.close();
    this.connection = null;
  }

  subscribe(topic: string, handler: RealtimeHandler): () => void {
    const subscription: Subscription = {
      topic,
      handler,
      unsubscribe: this.connection?.subscribe(topic, handler) ?? null,
    };
    this.subscriptions.add(subscription);
    return () => {
      subscription.unsubscribe?.();
      this.subscriptions.delete(subscription);
    };
  }
}

/** The socket address on the page's own host: ws:// next to http://, wss:// next to https://. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/realtime`;
}
