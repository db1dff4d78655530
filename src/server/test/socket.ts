import WebSocket from 'ws';
import type { ServerMessage } from '@shared/realtime/events.js';

/** A real client socket that queues what the server sends, in order. */
export class TestSocket {
  private readonly inbox: ServerMessage[] = [];
  private readonly waiting: ((message: ServerMessage) => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      if (!Buffer.isBuffer(data)) throw new Error('expected a text frame');
      const message = JSON.parse(data.toString()) as ServerMessage;
      const waiter = this.waiting.shift();
      if (waiter) waiter(message);
      else this.inbox.push(message);
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static open(url: string, options?: WebSocket.ClientOptions): Promise<TestSocket> {
    const socket = new WebSocket(url, options);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  next(timeoutMs = 5000): Promise<ServerMessage> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message from the server')), timeoutMs);
      this.waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  close() {
    this.socket.close();
  }
}
