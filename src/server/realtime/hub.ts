import type { RealtimeEvent, ServerMessage } from '@shared/realtime/events.js';
import type { Revocation } from '../auth/revocation.js';
import { MAX_SOCKETS_PER_USER, SIGN_IN_BURST, SIGN_INS_PER_MINUTE } from './limits.js';
import { TokenBucket } from './tokenBucket.js';

/** Sign-in budgets kept before the full ones (users idle long enough) are first forgotten. */
const FORGET_FULL_BUDGETS_FROM = 1000;

/** One open socket, as the hub sees it. */
export interface RealtimePeer {
  send(message: ServerMessage): void;
  /** Pings the peer, or drops it when it did not answer the previous ping. */
  heartbeat(): void;
  /** Closes the peer when the revocation covers its access token. */
  revoke(revocation: Revocation): void;
  /** Checks the peer's access token again, closing the peer if it no longer holds. */
  recheck(): void;
  /** Closes the peer with the restart code: its client reconnects, to another instance. */
  restart(): void;
}

/** The open sockets of this instance, the topics each one follows and the user each one is signed in as. */
export class RealtimeHub {
  private readonly topicsByPeer = new Map<RealtimePeer, Set<string>>();
  private readonly peersByTopic = new Map<string, Set<RealtimePeer>>();
  private readonly userByPeer = new Map<RealtimePeer, string>();
  private readonly socketsByUser = new Map<string, number>();
  /** Each user's sign-ins, kept past their sockets so that reconnecting does not refill them. */
  private readonly signInsByUser = new Map<string, TokenBucket>();
  private forgetBudgetsAt = FORGET_FULL_BUDGETS_FROM;
  private stopping = false;

  /** limitSignIns is off only where every rate limit is (RATE_LIMIT_DISABLED), as in the fuzz tests. */
  constructor(private readonly limitSignIns = true) {}

  /** Takes the peer in, or, once the instance stops, sends it on at once (see stop()). */
  join(peer: RealtimePeer): void {
    if (this.stopping) return peer.restart();
    if (!this.topicsByPeer.has(peer)) this.topicsByPeer.set(peer, new Set());
  }

  leave(peer: RealtimePeer): void {
    for (const topic of this.topicsByPeer.get(peer) ?? []) this.removeFromTopic(peer, topic);
    this.topicsByPeer.delete(peer);
    const userId = this.userByPeer.get(peer);
    if (userId === undefined) return;
    this.userByPeer.delete(peer);
    const left = (this.socketsByUser.get(userId) ?? 1) - 1;
    if (left > 0) this.socketsByUser.set(userId, left);
    else this.socketsByUser.delete(userId);
  }

  /**
   * Counts a joined peer as signed in as userId, unless that user already holds as many sockets
   * as allowed or has signed in too often lately (see limits.ts).
   */
  signIn(peer: RealtimePeer, userId: string): boolean {
    if (!this.topicsByPeer.has(peer) || this.userByPeer.has(peer)) return false;
    const held = this.socketsByUser.get(userId) ?? 0;
    if (held >= MAX_SOCKETS_PER_USER) return false;
    if (this.limitSignIns && !this.signInBudget(userId).take()) return false;
    this.userByPeer.set(peer, userId);
    this.socketsByUser.set(userId, held + 1);
    return true;
  }

  private signInBudget(userId: string): TokenBucket {
    let budget = this.signInsByUser.get(userId);
    if (!budget) {
      if (this.signInsByUser.size >= this.forgetBudgetsAt) this.forgetFullBudgets();
      budget = new TokenBucket(SIGN_IN_BURST, SIGN_INS_PER_MINUTE / 60);
      this.signInsByUser.set(userId, budget);
    }
    return budget;
  }

  /** A full budget says nothing a new one would not; the sweep runs again once the map has doubled. */
  private forgetFullBudgets(): void {
    for (const [userId, budget] of this.signInsByUser) if (budget.full) this.signInsByUser.delete(userId);
    this.forgetBudgetsAt = Math.max(FORGET_FULL_BUDGETS_FROM, 2 * this.signInsByUser.size);
  }

  subscribe(peer: RealtimePeer, topic: string): void {
    const topics = this.topicsByPeer.get(peer);
    if (!topics) return;
    topics.add(topic);
    let peers = this.peersByTopic.get(topic);
    if (!peers) {
      peers = new Set();
      this.peersByTopic.set(topic, peers);
    }
    peers.add(peer);
  }

  unsubscribe(peer: RealtimePeer, topic: string): void {
    this.topicsByPeer.get(peer)?.delete(topic);
    this.removeFromTopic(peer, topic);
  }

  isSubscribed(peer: RealtimePeer, topic: string): boolean {
    return this.topicsByPeer.get(peer)?.has(topic) ?? false;
  }

  subscriptionCount(peer: RealtimePeer): number {
    return this.topicsByPeer.get(peer)?.size ?? 0;
  }

  get peerCount(): number {
    return this.topicsByPeer.size;
  }

  deliver(event: RealtimeEvent): void {
    for (const peer of this.peersByTopic.get(event.topic) ?? []) peer.send({ type: 'event', event });
  }

  heartbeat(): void {
    for (const peer of [...this.topicsByPeer.keys()]) peer.heartbeat();
  }

  revoke(revocation: Revocation): void {
    for (const peer of [...this.topicsByPeer.keys()]) peer.revoke(revocation);
  }

  recheck(): void {
    for (const peer of [...this.topicsByPeer.keys()]) peer.recheck();
  }

  /** The instance is stopping: every socket, open or opening later, is closed so that its client reconnects elsewhere. */
  stop(): void {
    this.stopping = true;
    for (const peer of [...this.topicsByPeer.keys()]) peer.restart();
  }

  private removeFromTopic(peer: RealtimePeer, topic: string): void {
    const peers = this.peersByTopic.get(topic);
    if (!peers) return;
    peers.delete(peer);
    if (peers.size === 0) this.peersByTopic.delete(topic);
  }
}
