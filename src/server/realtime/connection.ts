import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { clientMessageSchema, REALTIME_CLOSE, type ClientMessage, type ServerMessage } from '@shared/realtime/events.js';
import type { AccessTokenReader } from '../auth/accessTokens.js';
import type { Revocation } from '../auth/revocation.js';
import type { AccessClaims } from '../auth/tokens.js';
import type { Queryable } from '../db/client.js';
import type { AuthUser } from '../core/identity.js';
import { maySubscribe } from '../policy.js';
import type { RealtimeHub, RealtimePeer } from './hub.js';
import { CLOSE_GRACE_MS, MAX_QUEUED_MESSAGES, MAX_REFUSALS, MAX_TOPICS, MESSAGE_BURST, MESSAGES_PER_SECOND } from './limits.js';
import { TokenBucket } from './tokenBucket.js';

export interface ConnectionDeps {
  hub: RealtimeHub;
  db: Queryable;
  readAccessToken: AccessTokenReader;
  log: FastifyBaseLogger;
}

const AUTH_TIMEOUT_MS = 10_000;
/** A client this far behind on reading is gone or hopelessly slow; it will reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const MESSAGES = {
  authFirst: 'Send your access token first',
  badToken: 'Invalid or expired access token',
  expired: 'Access token expired',
  unknown: 'Unknown message',
  alreadySignedIn: 'Already signed in on this connection',
  tooManyTopics: `At most ${MAX_TOPICS} topics per connection`,
  notAllowed: 'You may not follow this topic',
  failed: 'That message could not be handled; the connection stays open',
  sessionEnded: 'Your session has ended',
  restarting: 'The server is restarting: connect again',
  tokenRevoked: 'Your access token is out of date',
  tooFast: 'Too many messages: slow down',
  tooManyQueued: 'Too many messages waiting to be handled',
  tooManyRefusals: 'Too many topics refused',
  tooManySockets: 'Too many connections for this account',
} as const;

/**
 * Serves one socket: the first message must carry the access token; after that the client
 * follows topics the policy allows. Messages are handled one at a time, in order, so a
 * subscribe sent right behind the token is checked against the user that token names. The
 * socket is closed when the token expires, so that a client reconnects with a fresh one, and
 * as soon as a revocation covers the token (see revoke()). A message that fails is answered with
 * an error; it never closes the socket. A client that goes over the limits (see limits.ts) is
 * closed with the policy code, and nothing it sent afterwards is read or handled.
 */
export function serveRealtimeSocket(socket: WebSocket, deps: ConnectionDeps): void {
  const connection = new RealtimeConnection(socket, deps);
  deps.hub.join(connection);
}

class RealtimeConnection implements RealtimePeer {
  private claims: AccessClaims | null = null;
  private token = '';
  private alive = true;
  private pending: Promise<void> = Promise.resolve();
  private queued = 0;
  private closing = false;
  private readonly bucket = new TokenBucket(MESSAGE_BURST, MESSAGES_PER_SECOND);
  /**
   * Topics the policy refused on this socket, answered again without a lookup. A socket lives at
   * most one access token, and every change of role or verification closes it, so a refusal
   * remembered here goes stale only for a topic that is someone else's until then.
   */
  private readonly refused = new Set<string>();
  private readonly authTimer: NodeJS.Timeout;
  private expiryTimer: NodeJS.Timeout | undefined;
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.authTimer = setTimeout(() => this.close(REALTIME_CLOSE.unauthorized, MESSAGES.authFirst), AUTH_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => {
      if (this.closing) return;
      if (!this.bucket.take()) return this.violate(MESSAGES.tooFast);
      if (this.queued >= MAX_QUEUED_MESSAGES) return this.violate(MESSAGES.tooManyQueued);
      this.queued += 1;
      this.pending = this.pending
        .then(() => this.handle(parseMessage(data, isBinary)))
        .catch((err: unknown) => {
          deps.log.error({ err }, 'realtime message failed');
          this.send({ type: 'error', message: MESSAGES.failed });
        })
        .finally(() => {
          this.queued -= 1;
        });
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.dispose());
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  heartbeat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  revoke(revocation: Revocation): void {
    const claims = this.claims;
    if (!claims) return;
    if (revocation.type === 'session') {
      if (revocation.sessionId === claims.sessionId) this.close(REALTIME_CLOSE.sessionEnded, MESSAGES.sessionEnded);
    } else if (revocation.userId === claims.userId && claims.version < revocation.version) {
      if (revocation.ended) this.close(REALTIME_CLOSE.sessionEnded, MESSAGES.sessionEnded);
      else this.close(REALTIME_CLOSE.tokenRevoked, MESSAGES.tokenRevoked);
    }
  }

  recheck(): void {
    if (!this.claims) return;
    this.pending = this.pending
      .then(async () => {
        if (!(await this.deps.readAccessToken(this.token))) this.close(REALTIME_CLOSE.sessionEnded, MESSAGES.sessionEnded);
      })
      .catch((err: unknown) => this.deps.log.warn({ err }, 'could not check a realtime token again'));
  }

  restart(): void {
    this.closing = true;
    this.close(REALTIME_CLOSE.serviceRestart, MESSAGES.restarting);
  }

  private async handle(message: ClientMessage | null): Promise<void> {
    if (this.closing) return;
    if (!this.claims) {
      if (message?.type === 'auth') return this.authenticate(message.token);
      return this.close(REALTIME_CLOSE.unauthorized, MESSAGES.authFirst);
    }
    switch (message?.type) {
      case 'subscribe':
        return this.subscribe(this.claims, message.topic);
      case 'unsubscribe':
        this.deps.hub.unsubscribe(this, message.topic);
        return this.send({ type: 'unsubscribed', topic: message.topic });
      case 'ping':
        return this.send({ type: 'pong' });
      case 'auth':
        return this.send({ type: 'error', message: MESSAGES.alreadySignedIn });
      default:
        return this.send({ type: 'error', message: MESSAGES.unknown });
    }
  }

  private async authenticate(token: string): Promise<void> {
    const verified = await this.deps.readAccessToken(token);
    if (!verified) return this.close(REALTIME_CLOSE.unauthorized, MESSAGES.badToken);
    clearTimeout(this.authTimer);
    if (!this.deps.hub.signIn(this, verified.claims.userId)) return this.violate(MESSAGES.tooManySockets);
    this.claims = verified.claims;
    this.token = token;
    this.expiryTimer = setTimeout(
      () => this.close(REALTIME_CLOSE.tokenExpired, MESSAGES.expired),
      Math.max(0, verified.expiresAt - Date.now()),
    );
    this.send({ type: 'ready' });
  }

  private async subscribe(user: AuthUser, topic: string): Promise<void> {
    const { hub } = this.deps;
    if (!hub.isSubscribed(this, topic)) {
      if (hub.subscriptionCount(this) >= MAX_TOPICS) return this.send({ type: 'error', topic, message: MESSAGES.tooManyTopics });
      if (this.refused.has(topic)) return this.send({ type: 'error', topic, message: MESSAGES.notAllowed });
      if (!(await maySubscribe(this.deps.db, user, topic))) return this.refuse(topic);
      hub.subscribe(this, topic);
    }
    this.send({ type: 'subscribed', topic });
  }

  private refuse(topic: string): void {
    this.refused.add(topic);
    this.send({ type: 'error', topic, message: MESSAGES.notAllowed });
    if (this.refused.size >= MAX_REFUSALS) this.violate(MESSAGES.tooManyRefusals);
  }

  private close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /**
   * Closes with the policy code and stops reading: whatever the client still sends is left
   * unread, and its connection is cut if it does not answer the close in time.
   */
  private violate(reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.close(REALTIME_CLOSE.policyViolation, reason);
    this.socket.pause();
    this.graceTimer = setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS);
  }

  private dispose(): void {
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    clearTimeout(this.graceTimer);
    this.deps.hub.leave(this);
  }
}

function parseMessage(data: RawData, isBinary: boolean): ClientMessage | null {
  // ws hands a text frame over as one Buffer (its default binaryType).
  if (isBinary || !Buffer.isBuffer(data)) return null;
  try {
    const parsed = clientMessageSchema.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
