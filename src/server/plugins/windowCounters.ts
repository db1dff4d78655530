/** Counters kept at most; past this, expired ones go, then the oldest (a flood of new keys must not grow memory forever). */
const MAX_KEYS = 10_000;

interface Window {
  count: number;
  endsAt: number;
}

/** Fixed-window counters in process memory: what Redis would count, for this instance alone. */
export class WindowCounters {
  readonly #windows = new Map<string, Window>();

  /** Counts one hit on `key`; answers the count so far in its window and the milliseconds it has left. */
  hit(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      this.#makeRoom(now);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.delete(key);
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  #makeRoom(now: number): void {
    if (this.#windows.size < MAX_KEYS) return;
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MAX_KEYS) break;
      this.#windows.delete(key);
    }
  }
}
