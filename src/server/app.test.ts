import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/app.js';

/** Opens a raw connection, sends `data` and resolves with what came back once the server closed it. */
function sendAndWaitForClose(port: number, data: string, giveUpMs: number) {
  return new Promise<{ reply: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ reply, closedAfterMs: Date.now() - started });
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
  });
}

describe('request time limit', () => {
  const t = useTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });

  it('cuts off a request that announces 1,000 bytes and sends 10', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head =
      'POST /api/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';

    const { reply, closedAfterMs } = await sendAndWaitForClose(port, `${head}{"email":`, 5000);

    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(3000);
  });
});
