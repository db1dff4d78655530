import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { publish } from '../realtime/publish.js';
import { inTransaction } from './transaction.js';

describe('inTransaction', () => {
  const t = useTestApp();
  const event = { topic: 'orders:ready', type: 'order.status', orderId: crypto.randomUUID(), status: 'ready' } as const;

  it('sends the events a transaction raised once it has committed', async () => {
    const received: string[] = [];
    const stop = await t.database.listen('realtime', (payload) => received.push(payload));
    try {
      const result = await inTransaction(t.app.db, async (tx) => {
        await publish(tx, event);
        return 'written';
      });
      expect(result).toBe('written');
      await expect.poll(() => received.length).toBe(1);
      expect(JSON.parse(received[0]!)).toEqual(event);
    } finally {
      await stop();
    }
  });

  it('refuses to raise an event from a transaction that would not send it', async () => {
    await expect(t.app.db.transaction((tx) => publish(tx, event))).rejects.toThrow(/inTransaction/);
  });
});
