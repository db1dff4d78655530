/**
 * Shares one round trip among everyone who asks meanwhile: a caller waits for a round trip that
 * starts after its call (one already under way may have left before the moment the caller cares
 * about), joining any others queued for that same next one. At rest each call starts one at
 * once; under load one round trip answers many.
 */
export function sharedRoundTrip(roundTrip: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  const start = (): Promise<void> => {
    const trip: Promise<void> = roundTrip().finally(() => {
      if (running === trip) running = undefined;
    });
    running = trip;
    return trip;
  };

  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
