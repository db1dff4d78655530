import net from 'node:net';

/** PostgreSQL's CommandComplete message for a COMMIT: 'C', its length (4 + 7), then the tag. */
const COMMIT_COMPLETE = Buffer.from('C\u0000\u0000\u0000\u000bCOMMIT\u0000', 'latin1');

export interface CommitHoldingProxy {
  /** The same database URL on the proxy's server, whose connections go through the proxy. */
  reroute: (databaseUrl: string) => string;
  /**
   * From now on, holds back the server's answer to each COMMIT (and whatever follows it on that
   * connection) for `ms`: the transaction has committed, and everyone else sees it, but the
   * instance that committed it learns so late, as under a heavy load.
   */
  holdCommits(ms: number): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of the PostgreSQL server of `serverUrl`, which can hold back commits' answers. */
export async function startCommitHoldingProxy(serverUrl: string): Promise<CommitHoldingProxy> {
  const target = new URL(serverUrl);
  let holdMs = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let answered = Promise.resolve();
    // The end of the last chunk, so that a COMMIT's answer split between two chunks is seen too.
    let before = Buffer.alloc(0);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => [client, upstream].forEach((each) => each.destroy()));
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      const seen = Buffer.concat([before, chunk]);
      before = seen.subarray(-(COMMIT_COMPLETE.length - 1));
      const hold = holdMs > 0 && seen.includes(COMMIT_COMPLETE) ? holdMs : 0;
      answered = answered.then(async () => {
        if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold));
        client.write(chunk);
      });
    });
    upstream.on('end', () => void answered.then(() => client.end()));
    client.on('end', () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    reroute: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    holdCommits: (ms) => {
      holdMs = ms;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
