import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CrowdClient {
  token: string;
  topics: string[];
}

/** An event as a client received it: its orderId (else its driverId) and when, in wall-clock ms (see wallClock()). */
export type Arrival = [key: string, receivedAt: number];

type CrowdMessage =
  | { type: 'opened'; seconds: number }
  | { type: 'failed'; message: string }
  | { type: 'events'; events: Arrival[] }
  | { type: 'memory'; usage: NodeJS.MemoryUsage };

const CROWD_PROCESS = fileURLToPath(new URL('./socketCrowdProcess.mjs', import.meta.url));

/** Wall-clock ms with sub-millisecond precision, comparable with the times the crowd's process reports. */
export const wallClock = () => performance.timeOrigin + performance.now();

/**
 * Realtime client sockets in a process of their own (plain node, without tsx), each signed in
 * with its token and following its topics; they record every event they receive.
 */
export class SocketCrowd {
  private constructor(
    private readonly child: ChildProcess,
    /** Seconds it took to open, sign in and subscribe every socket. */
    readonly openSeconds: number,
  ) {}

  static async open(url: string, clients: CrowdClient[]): Promise<SocketCrowd> {
    const child = fork(CROWD_PROCESS, [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const answer = await ask(child, { type: 'open', url, clients });
    if (answer.type === 'opened') return new SocketCrowd(child, answer.seconds);
    child.kill();
    throw new Error(`the client sockets could not all open: ${answer.type === 'failed' ? answer.message : answer.type}`);
  }

  /** The events received since the last call, once at least `expected` have come or after timeoutMs. */
  async events(expected = 0, timeoutMs = 0): Promise<Arrival[]> {
    const answer = await ask(this.child, { type: 'report', expected, timeoutMs });
    if (answer.type !== 'events') throw new Error(`unexpected answer ${answer.type}`);
    return answer.events;
  }

  async memory(): Promise<NodeJS.MemoryUsage> {
    const answer = await ask(this.child, { type: 'memory' });
    if (answer.type !== 'memory') throw new Error(`unexpected answer ${answer.type}`);
    return answer.usage;
  }

  async close(): Promise<void> {
    if (!this.child.connected) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' });
    await exited;
  }
}

function ask(child: ChildProcess, message: object): Promise<CrowdMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the client sockets' process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (answer: CrowdMessage) => {
      child.off('exit', onExit);
      resolve(answer);
    });
    child.send(message);
  });
}
