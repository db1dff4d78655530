// Realtime clients for the benchmarks, in plain JavaScript because they run in worker threads and
// child processes, which do not get tsx's loader.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/**
 * Wall-clock time in ms with sub-millisecond precision, comparable between threads and
 * processes of one machine (performance.now() alone counts from each thread's own start).
 */
export const wallClock = () => performance.timeOrigin + performance.now();

/**
 * Opens a realtime socket as the web client does: the access token first, then one subscribe per
 * topic, sent at once since the server handles a socket's messages in order. Resolves with the
 * socket once every topic is confirmed; calls onEvent(event, receivedAt) for each event after.
 */
export function openSubscribedSocket(url, token, topics, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let unconfirmed = topics.length;
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token }));
      for (const topic of topics) socket.send(JSON.stringify({ type: 'subscribe', topic }));
    });
    socket.on('message', (data) => {
      const receivedAt = wallClock();
      const message = JSON.parse(data.toString());
      if (message.type === 'event') onEvent(message.event, receivedAt);
      else if (message.type === 'subscribed' && --unconfirmed === 0) resolve(socket);
      else if (message.type === 'error') reject(new Error(`the server refused a subscription: ${message.message}`));
    });
    socket.on('error', reject);
    socket.on('close', (code, reason) => reject(new Error(`socket closed before it was ready: ${code} ${reason}`)));
  });
}

/** Opens one socket per client, at most `parallel` handshakes at a time; resolves with the sockets in order. */
export async function openSubscribedSockets(url, clients, onEvent, parallel = 100) {
  const sockets = new Array(clients.length);
  let next = 0;
  const opener = async () => {
    while (next < clients.length) {
      const index = next++;
      const { token, topics } = clients[index];
      sockets[index] = await openSubscribedSocket(url, token, topics, onEvent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, clients.length) }, opener));
  return sockets;
}
