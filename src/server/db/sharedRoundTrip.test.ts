import { describe, expect, it } from 'vitest';
import { sharedRoundTrip } from './sharedRoundTrip.js';

/** A round trip the test answers by hand, recording which trip each caller got. */
function manualTrips() {
  const answers: (() => void)[] = [];
  const trip = sharedRoundTrip(() => new Promise<void>((resolve) => answers.push(resolve)));
  return { trip, answers };
}

describe('sharedRoundTrip', () => {
  it('starts a round trip at once when none is under way', async () => {
    const { trip, answers } = manualTrips();
    const done = trip();
    expect(answers).toHaveLength(1);
    answers[0]!();
    await done;
  });

  it('makes a caller arriving during a round trip wait for the next one, shared with the others who arrive meanwhile', async () => {
    const { trip, answers } = manualTrips();
    const first = trip();
    const settled: string[] = [];
    const second = trip().then(() => settled.push('second'));
    const third = trip().then(() => settled.push('third'));
    expect(answers).toHaveLength(1);

    answers[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([]);
    expect(answers).toHaveLength(2);

    answers[1]!();
    await Promise.all([second, third]);
    expect(settled).toEqual(['second', 'third']);
    expect(answers).toHaveLength(2);
  });

  it('starts the next round trip even when the one before failed', async () => {
    let calls = 0;
    const trip = sharedRoundTrip(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
    });
    const first = trip();
    const second = trip();
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
