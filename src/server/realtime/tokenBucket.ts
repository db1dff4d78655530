/** A token bucket: `capacity` tokens at most, refilled at `perSecond`; each take() spends one. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.tokens = capacity;
    this.updatedAt = now();
  }

  /** Whether the bucket has refilled to its capacity: it then holds nothing a new one would not. */
  get full(): boolean {
    return this.tokens + ((this.now() - this.updatedAt) / 1000) * this.perSecond >= this.capacity;
  }

  /** Spends a token if one is left. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
