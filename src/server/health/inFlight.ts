/** The HTTP requests this instance is answering, which a stopping instance lets finish (shutdown.ts). */
export class RequestsInFlight {
  private count = 0;
  private waiting: (() => void)[] = [];

  /** Counts a request until its response closes, sent or cut. */
  track(response: NodeJS.EventEmitter): void {
    this.count += 1;
    response.once('close', () => {
      this.count -= 1;
      if (this.count === 0) for (const resolve of this.waiting.splice(0)) resolve();
    });
  }

  /** Resolves once no request is in flight. */
  none(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}
