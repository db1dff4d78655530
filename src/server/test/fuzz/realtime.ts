import fc from 'fast-check';
import WebSocket from 'ws';
import { clientMessageSchema, topics } from '@shared/realtime/events.js';
import { allIds, hostileString, idVariant, RawJson, wrongType, type KnownValues } from './hostile.js';
import { toJsonText } from './jsonText.js';
import { arbitraryFor } from './zodArbitrary.js';

/** A frame a client may send: text (usually JSON) or binary. */
export interface Frame {
  data: string | Buffer;
  binary: boolean;
}

const describeFrame = (frame: Frame) => {
  const text = frame.data.toString('latin1');
  return `${frame.binary ? 'binary' : 'text'} ${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text)}`;
};

const withDescription = (frame: Frame): Frame => Object.assign(frame, { [fc.toStringMethod]: () => describeFrame(frame) });

/** Topics for real rows, the same ids written wrongly, and strings shaped like topics that are not. */
function topicArbitrary(known: KnownValues): fc.Arbitrary<unknown> {
  const id = allIds(known).length > 0 ? fc.constantFrom(...allIds(known)) : fc.uuid();
  const kinds = [topics.restaurant, topics.order, topics.driver];
  const ofKind = (idText: fc.Arbitrary<string>) =>
    fc.tuple(fc.constantFrom(...kinds), idText).map(([topic, value]) => topic(value));
  return fc.oneof(
    { weight: 3, arbitrary: ofKind(id) },
    { weight: 1, arbitrary: fc.constant(topics.ordersReady()) },
    { weight: 3, arbitrary: ofKind(idVariant(known)) },
    { weight: 2, arbitrary: ofKind(fc.stringMatching(/^[0-9a-f-]{36}$/)) },
    { weight: 2, arbitrary: ofKind(hostileString(known)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ':', 'orders:', 'orders:READY', 'ORDERS:ready', 'order', 'restaurant:', '*', 'order:*'),
    },
    { weight: 1, arbitrary: wrongType(known) },
  );
}

function messageArbitrary(known: KnownValues, tokens: readonly string[]): fc.Arbitrary<unknown> {
  const token = fc.oneof(fc.constantFrom(...tokens), hostileString(known));
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ type: fc.constantFrom('subscribe', 'unsubscribe'), topic: topicArbitrary(known) }) },
    { weight: 3, arbitrary: arbitraryFor(clientMessageSchema, 'mixed', known) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('auth'), token }) },
    { weight: 1, arbitrary: fc.record({ type: hostileString(known), topic: topicArbitrary(known) }) },
    { weight: 1, arbitrary: wrongType(known) },
  );
}

/** Frames of every kind a socket can carry, for a client that may hold any of these tokens. */
export function frameArbitrary(known: KnownValues, tokens: readonly string[]): fc.Arbitrary<Frame> {
  const json = messageArbitrary(known, tokens).map((message) => ({ data: toJsonText(message), binary: false }));
  const rawText = fc.oneof(
    fc.constantFrom('', '{', 'null', '[]', 'ping', '{"type":"ping"', '\u0000', '{"type":"subscribe","topic":"order:\u0000"}'),
    hostileString(known),
    fc.constant(toJsonText({ type: 'subscribe', topic: new RawJson('1e400') })),
  );
  const binary = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    json.map((frame) => Buffer.from(frame.data)),
  );
  return fc
    .oneof(
      { weight: 6, arbitrary: json },
      { weight: 2, arbitrary: rawText.map((data) => ({ data, binary: false })) },
      { weight: 1, arbitrary: binary.map((data) => ({ data, binary: true })) },
    )
    .map(withDescription);
}

/** A loopback client that records every message and how the server closed it. */
export class RecordingSocket {
  readonly received: string[] = [];
  closedWith: { code: number; reason: string } | undefined;
  private readonly listeners: (() => void)[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      // The server sends text frames, which ws hands over as one Buffer.
      if (Buffer.isBuffer(data)) this.received.push(data.toString());
      this.notify();
    });
    socket.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.notify();
    });
    socket.on('error', () => undefined);
  }

  static open(url: string): Promise<RecordingSocket> {
    const socket = new WebSocket(url);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RecordingSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(frame: Frame): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame.data, { binary: frame.binary });
  }

  /** Resolves once `done` holds (checked on every message and on close) or after `timeoutMs`. */
  until(done: () => boolean, timeoutMs = 5_000): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(check), 1);
        resolve(true);
      };
      this.listeners.push(check);
    });
  }

  /** Closes the socket and waits for the close to complete, so the server has let it go too. */
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => this.socket.once('close', resolve));
    this.socket.close();
    await closed;
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }
}
