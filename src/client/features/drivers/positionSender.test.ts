import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_SEND_INTERVAL_MS, type DriverPosition, type StoredPosition } from '@shared/drivers/schemas.js';
import { FIRST_RETRY_MS, MAX_RETRY_MS, PositionSender } from './positionSender.js';

/** A point north of central Accra by about `metres` (one thousandth of a degree of latitude is about 111 m). */
const north = (metres: number): DriverPosition => ({ latitude: 5.6037 + metres / 111_195, longitude: -0.187 });

/** A server whose answers the test decides: each send waits until it is resolved or failed. */
function fakeServer() {
  const sent: DriverPosition[] = [];
  let failing = false;
  const send = vi.fn(async (position: DriverPosition): Promise<StoredPosition> => {
    sent.push(position);
    if (failing) throw new Error('offline');
    return { ...position, lastLocationUpdate: new Date().toISOString() };
  });
  return {
    sent,
    send,
    goOffline: () => (failing = true),
    goOnline: () => (failing = false),
  };
}

function senderFor(server: ReturnType<typeof fakeServer>) {
  const onSent = vi.fn();
  const onFailed = vi.fn();
  const sender = new PositionSender({ send: server.send, onSent, onFailed });
  return { sender, onSent, onFailed };
}

describe('PositionSender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first fix at once and reports what the server stored', async () => {
    const server = fakeServer();
    const { sender, onSent } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toEqual([north(0)]);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ ...north(0), lastLocationUpdate: expect.any(String) }));
  });

  it('holds back moves of 50 m or less, then sends the newest fix after 30 s even when the driver has not moved', async () => {
    const server = fakeServer();
    const { sender } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    sender.offer(north(20));
    sender.offer(north(45));
    await vi.advanceTimersByTimeAsync(LOCATION_SEND_INTERVAL_MS - 1);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toEqual([north(0), north(45)]);
    // Standing still: the same position goes again every 30 s.
    await vi.advanceTimersByTimeAsync(LOCATION_SEND_INTERVAL_MS);
    expect(server.sent).toEqual([north(0), north(45), north(45)]);
  });

  it('sends at once a fix more than 50 m from the last one sent, and restarts the 30 s from there', async () => {
    const server = fakeServer();
    const { sender } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(10_000);
    sender.offer(north(60));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toEqual([north(0), north(60)]);
    await vi.advanceTimersByTimeAsync(LOCATION_SEND_INTERVAL_MS - 1);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(3);
  });

  it('measures the 50 m from the last position sent, not from the previous fix', async () => {
    const server = fakeServer();
    const { sender } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    for (const metres of [30, 40, 55]) sender.offer(north(metres));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toEqual([north(0), north(55)]);
  });

  it('sends a move made while a send is in flight right after it', async () => {
    let release = () => {};
    const send = vi.fn((position: DriverPosition) =>
      send.mock.calls.length === 1
        ? new Promise<StoredPosition>((resolve) => {
            release = () => resolve({ ...position, lastLocationUpdate: new Date().toISOString() });
          })
        : Promise.resolve({ ...position, lastLocationUpdate: new Date().toISOString() }),
    );
    const sender = new PositionSender({ send, onSent: vi.fn(), onFailed: vi.fn() });
    sender.offer(north(0));
    sender.offer(north(100));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls.map(([position]) => position)).toEqual([north(0), north(100)]);
  });

  it('retries a failed send with backoff doubling from 1 s up to 30 s, keeping only the newest fix', async () => {
    const server = fakeServer();
    const { sender, onFailed, onSent } = senderFor(server);
    server.goOffline();
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailed).toHaveBeenCalledTimes(1);

    // Fixes arriving while offline replace each other; none is sent before the retry.
    sender.offer(north(100));
    sender.offer(north(200));
    expect(server.sent).toHaveLength(1);

    const retryTimes: number[] = [];
    const start = Date.now();
    server.send.mockImplementation(async (position: DriverPosition) => {
      server.sent.push(position);
      retryTimes.push(Date.now() - start);
      throw new Error('offline');
    });
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS + 2_000 + 4_000 + 8_000 + 16_000 + MAX_RETRY_MS + MAX_RETRY_MS);
    expect(retryTimes).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
    expect(server.sent.slice(1).every((position) => position.latitude === north(200).latitude)).toBe(true);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('after a failure, sends the newest fix at once when the connection returns, and backs off from 1 s again next time', async () => {
    const server = fakeServer();
    const { sender, onSent } = senderFor(server);
    server.goOffline();
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS + 2_000);
    expect(server.sent).toHaveLength(3);
    sender.offer(north(10));

    server.goOnline();
    sender.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toHaveLength(4);
    expect(server.sent[3]).toEqual(north(10));
    expect(onSent).toHaveBeenCalledTimes(1);

    // Back to the normal rhythm: nothing more until 30 s, and the next failure waits 1 s again.
    await vi.advanceTimersByTimeAsync(LOCATION_SEND_INTERVAL_MS - 1);
    expect(server.sent).toHaveLength(4);
    server.goOffline();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(server.sent).toHaveLength(6);
  });

  it('retryNow does nothing while sends succeed', async () => {
    const server = fakeServer();
    const { sender } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    sender.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toHaveLength(1);
  });

  it('sends nothing more once stopped, not even a pending retry', async () => {
    const server = fakeServer();
    const { sender } = senderFor(server);
    sender.offer(north(0));
    await vi.advanceTimersByTimeAsync(0);
    server.goOffline();
    sender.offer(north(100));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toHaveLength(2);
    sender.stop();
    sender.offer(north(300));
    sender.retryNow();
    await vi.advanceTimersByTimeAsync(5 * LOCATION_SEND_INTERVAL_MS);
    expect(server.sent).toHaveLength(2);
  });
});
