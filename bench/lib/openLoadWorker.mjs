// The load thread of openLoad.ts. Plain JavaScript because worker threads do not get tsx's
// loader; raw keep-alive sockets with pre-built requests because node:http costs the load
// thread several times what the server spends on a small request, and both share the CPU.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const HEADER_END = Buffer.from('\r\n\r\n');

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] * 10) / 10;
}

function encode(target, { method, path, headers = {}, body = '' }) {
  const payload = Buffer.from(body);
  const lines = [
    `${method} ${path ?? `${target.pathname}${target.search}`} HTTP/1.1`,
    `host: ${target.host}`,
    'connection: keep-alive',
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (method !== 'GET') lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

/** One keep-alive connection carrying one request at a time; calls onReply(status) per answer. */
function connect(target, onReply, onClose) {
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      onReply(Number(head.slice(9, 12)));
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', onClose);
  return socket;
}

/** Load at the rate for warmupSeconds unmeasured (connections open, code warms up), then durationSeconds measured. */
async function generate({ url, ratePerSecond, durationSeconds, warmupSeconds = 2, requests, keepTimes = false }) {
  const target = new URL(url);
  const encoded = requests.map((request) => encode(target, request));
  const warmup = Math.round(ratePerSecond * warmupSeconds);
  const total = warmup + Math.round(ratePerSecond * durationSeconds);
  const interval = 1000 / ratePerSecond;
  const latencies = new Float64Array(total);
  // Per request, in wall-clock ms (comparable with other threads): when it went out and when its answer came.
  const times = keepTimes
    ? { sentAt: new Float64Array(total), answeredAt: new Float64Array(total), status: new Uint16Array(total) }
    : undefined;
  let measuredFrom = Infinity;
  let replies = 0;
  const idle = [];
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let allAnswered;
  const finished = new Promise((resolve) => (allAnswered = resolve));

  const settle = () => {
    if (replies + errors === total) allAnswered();
  };
  const newConnection = () => {
    const connection = { socket: undefined, index: 0, sentAt: 0, busy: false };
    connection.socket = connect(
      target,
      (status) => {
        const answeredAt = performance.now();
        replies++;
        if (times) {
          times.answeredAt[connection.index] = performance.timeOrigin + answeredAt;
          times.status[connection.index] = status;
        }
        if (connection.sentAt >= measuredFrom) {
          latencies[answered++] = answeredAt - connection.sentAt;
          if (status < 200 || status >= 300) non2xx++;
        }
        connection.busy = false;
        idle.push(connection);
        settle();
      },
      () => {
        if (connection.busy) {
          errors++;
          settle();
        }
      },
    );
    return connection;
  };
  const send = (index) => {
    const connection = idle.pop() ?? newConnection();
    connection.busy = true;
    connection.index = index;
    connection.sentAt = performance.now();
    if (times) times.sentAt[index] = performance.timeOrigin + connection.sentAt;
    connection.socket.write(encoded[index % encoded.length]);
  };

  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    for (; next < total && start + next * interval <= now; next++) {
      if (next === warmup) measuredFrom = performance.now();
      send(next);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await finished;
  const elapsed = (performance.now() - measuredFrom) / 1000;
  for (const connection of idle) connection.socket.destroy();

  const sorted = latencies.slice(0, answered).sort();
  return {
    requestsPerSec: Math.round(answered / elapsed),
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: answered,
    non2xx,
    errors,
    ...(times && { warmupRequests: warmup, times }),
  };
}

parentPort.postMessage(await generate(workerData));
