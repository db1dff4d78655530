import {
  LOCATION_SEND_DISTANCE_M,
  LOCATION_SEND_INTERVAL_MS,
  distanceMeters,
  type DriverPosition,
  type StoredPosition,
} from '@shared/drivers/schemas.js';
import { backoffDelay } from '@shared/backoff.js';

/** A failed send is tried again after 1 s, then 2, 4, 8... never waiting longer than 30 s. */
export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

export interface PositionSenderOptions {
  /** PUT /api/drivers/me/location: resolves with what the server stored and when. */
  send: (position: DriverPosition) => Promise<StoredPosition>;
  /** A position reached the server. */
  onSent: (stored: StoredPosition) => void;
  /** A send failed; it is retried on its own. */
  onFailed: (error: unknown) => void;
}

/**
 * Decides when the device's positions go to the server: the first one at once, then whenever the
 * driver moved more than 50 m from the last one the server has, and the newest one at least every
 * 30 s even when unmoved (dispatch skips drivers whose position is stale). One send at a time;
 * while sends fail only the newest position is kept, retried with backoff, or at once when the
 * browser says it is back online (retryNow).
 */
export class PositionSender {
  private newest: DriverPosition | null = null;
  private lastSent: DriverPosition | null = null;
  private sending = false;
  /** Sends failed in a row: zero while sends succeed. */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly options: PositionSenderOptions) {}

  /** A new fix from the device. */
  offer(position: DriverPosition): void {
    if (this.stopped) return;
    this.newest = position;
    // A send in flight checks the newest fix when it ends; a failing one sends the newest on its retry.
    if (this.sending || this.failures > 0) return;
    if (this.hasMoved()) void this.flush();
  }

  /** The connection came back: a failed send is tried again now rather than after its backoff. */
  retryNow(): void {
    if (this.stopped || this.sending || this.failures === 0) return;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** A method, not the field, so that checks after an await are not narrowed away by the one before it. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private hasMoved(): boolean {
    if (!this.newest) return false;
    return !this.lastSent || distanceMeters(this.lastSent, this.newest) > LOCATION_SEND_DISTANCE_M;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  private async flush(): Promise<void> {
    const position = this.newest;
    if (!position || this.isStopped()) return;
    clearTimeout(this.timer);
    this.sending = true;
    let stored: StoredPosition;
    try {
      stored = await this.options.send(position);
    } catch (error) {
      this.sending = false;
      if (this.stopped) return;
      this.schedule(backoffDelay({ firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS }, this.failures));
      this.failures += 1;
      this.options.onFailed(error);
      return;
    }
    this.sending = false;
    if (this.stopped) return;
    this.failures = 0;
    this.lastSent = position;
    this.options.onSent(stored);
    if (this.hasMoved()) void this.flush();
    else this.schedule(LOCATION_SEND_INTERVAL_MS);
  }
}
