import {
  REALTIME_CLOSE,
  serverMessageSchema,
  type ClientMessage,
  type RealtimeEvent,
  type ServerMessage,
} from '@shared/realtime/events.js';
import { backoffDelay, withJitter } from '@shared/backoff.js';

export type RealtimeHandler = (event: RealtimeEvent) => void;

export interface RealtimeClientOptions {
  /** Absolute ws:// or wss:// address of /api/realtime. */
  url: string;
  /**
   * A current access token (refreshed if need be), or null when signed out. `renew` asks for a
   * new one although the current one has not expired: the server refused or outdated it.
   */
  getAccessToken: (renew: boolean) => Promise<string | null>;
  /**
   * Called when a dropped connection is back and every topic is followed again. Events sent
   * while it was down are not replayed, so this is the moment to refetch.
   */
  onReconnect?: () => void;
  /**
   * Called when the server confirms it follows topic. Anything that changed between a screen's
   * fetch and this moment sent no event to this socket, so this too is a moment to refetch.
   */
  onSubscribed?: (topic: string) => void;
  /** The WebSocket class; the browser's by default (tests pass the `ws` package's). */
  WebSocketImpl?: typeof WebSocket;
}

const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;
/** A socket closed for going over the server's limits waits this long at least before it comes back. */
const AFTER_POLICY_CLOSE_MS = 30_000;
/** Closes after which the token in hand is worthless: the next connection asks for a new one. */
const TOKEN_REFUSED = new Set<number>([REALTIME_CLOSE.tokenRevoked, REALTIME_CLOSE.unauthorized, REALTIME_CLOSE.sessionEnded]);

/**
 * The browser's side of /api/realtime, independent of React.
 *
 * - One socket carries every subscription. It opens on the first subscribe(), not before, and
 *   sends the access token as its first message.
 * - When the socket drops it reconnects with exponential backoff (0.5 s doubling to 30 s, with
 *   jitter), asking getAccessToken() for a fresh token each time, and follows every topic that
 *   still has handlers again; onReconnect then fires. When the server closes it because the
 *   token expired or was outdated (a role changed), it reconnects at once, with a renewed token
 *   in the second case; after a refusal (session ended) the next token is renewed too, which
 *   finds out whether the user is still signed in. When the server closes it for going over its
 *   limits (too many messages, refused topics or open sockets), it waits at least 30 s before
 *   coming back. With no handlers left it does not reconnect until the next subscribe().
 * - A ping every 25 s that gets no answer within 10 s counts as a dropped socket (phones lose
 *   connections silently).
 * - close() ends it for good: use a new client after signing in again.
 */
export class RealtimeClient {
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly WebSocketImpl: typeof WebSocket;
  private socket: WebSocket | null = null;
  private connecting = false;
  private closed = false;
  private failures = 0;
  private hasBeenReady = false;
  private renewToken = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: RealtimeClientOptions) {
    this.WebSocketImpl = options.WebSocketImpl ?? globalThis.WebSocket;
  }

  /** Calls handler with every event on topic until the returned function is called. */
  subscribe(topic: string, handler: RealtimeHandler): () => void {
    if (this.closed) return () => undefined;
    let topicHandlers = this.handlers.get(topic);
    if (!topicHandlers) {
      topicHandlers = new Set();
      this.handlers.set(topic, topicHandlers);
      this.sendIfOpen({ type: 'subscribe', topic });
    }
    topicHandlers.add(handler);
    this.ensureConnected();

    return () => {
      const current = this.handlers.get(topic);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(topic);
      this.sendIfOpen({ type: 'unsubscribe', topic });
    };
  }

  close(): void {
    this.closed = true;
    this.handlers.clear();
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.dropSocket();
    socket?.close(1000, 'Client closed');
  }

  private ensureConnected(): void {
    if (this.closed || this.socket || this.connecting || this.reconnectTimer !== undefined) return;
    void this.connect();
  }

  private async connect(): Promise<void> {
    this.connecting = true;
    const renew = this.renewToken;
    this.renewToken = false;
    const token = await this.options.getAccessToken(renew).catch(() => null);
    this.connecting = false;
    if (this.closed || this.handlers.size === 0) return;
    if (!token) return this.scheduleReconnect();

    const socket = new this.WebSocketImpl(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.send(socket, { type: 'auth', token });
      for (const topic of this.handlers.keys()) this.send(socket, { type: 'subscribe', topic });
      this.pingTimer = setInterval(() => this.ping(socket), PING_EVERY_MS);
    };
    socket.onmessage = (message: MessageEvent) => {
      if (socket === this.socket) this.receive(message.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (socket === this.socket) this.lost(event.code);
    };
  }

  private receive(data: unknown): void {
    const message = parseServerMessage(data);
    switch (message?.type) {
      case 'ready':
        this.failures = 0;
        if (this.hasBeenReady) this.options.onReconnect?.();
        this.hasBeenReady = true;
        return;
      case 'event':
        for (const handler of [...(this.handlers.get(message.event.topic) ?? [])]) {
          try {
            handler(message.event);
          } catch (error) {
            console.error('realtime handler failed', error);
          }
        }
        return;
      case 'subscribed':
        this.options.onSubscribed?.(message.topic);
        return;
      case 'pong':
        clearTimeout(this.pongTimer);
        return;
      case 'error':
        console.warn(`realtime: ${message.message}${message.topic ? ` (${message.topic})` : ''}`);
        return;
    }
  }

  private ping(socket: WebSocket): void {
    this.send(socket, { type: 'ping' });
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => {
      if (socket !== this.socket) return;
      this.lost(0);
      socket.close();
    }, PONG_WITHIN_MS);
  }

  /** The current socket is gone: forget it and, if anyone still listens, come back. */
  private lost(code: number): void {
    this.dropSocket();
    if (this.closed || this.handlers.size === 0) return;
    this.renewToken = TOKEN_REFUSED.has(code);
    if (code === REALTIME_CLOSE.tokenExpired || code === REALTIME_CLOSE.tokenRevoked) void this.connect();
    else this.scheduleReconnect(code === REALTIME_CLOSE.policyViolation ? AFTER_POLICY_CLOSE_MS : 0);
  }

  private dropSocket(): void {
    this.socket = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private scheduleReconnect(atLeastMs = 0): void {
    const backoff = withJitter(backoffDelay({ firstMs: BACKOFF_FIRST_MS, maxMs: BACKOFF_MAX_MS }, this.failures));
    const delay = Math.max(atLeastMs, backoff);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.ensureConnected();
    }, delay);
  }

  private sendIfOpen(message: ClientMessage): void {
    if (this.socket) this.send(this.socket, message);
  }

  private send(socket: WebSocket, message: ClientMessage): void {
    if (socket.readyState === this.WebSocketImpl.OPEN) socket.send(JSON.stringify(message));
  }
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
