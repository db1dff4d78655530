// Floods the realtime socket from a worker thread, so that the flood's own work does not run on
// the event loop of the server it floods. Plain JavaScript: worker threads get no TypeScript loader.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/** @type {{ url: string, token: string, sockets: number, messages: number }} */
const { url, token, sockets, messages } = workerData;
const CHUNK = 500;

/** Opens a socket and resolves once the server accepted the token. */
function signedIn() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('message', (data) => {
      if (JSON.parse(data.toString()).type === 'ready') resolve(socket);
      else reject(new Error(`the server did not accept the token: ${data.toString()}`));
    });
    socket.once('error', reject);
  });
}

/** Sends `messages` subscribes to random orders, a chunk per turn of the loop, until done or closed. */
function flood(socket) {
  return new Promise((resolve) => {
    let sent = 0;
    socket.once('close', (code, reason) => resolve({ sent, code, reason: reason.toString() }));
    const sendChunk = () => {
      for (let i = 0; i < CHUNK && sent < messages && socket.readyState === WebSocket.OPEN; i++, sent++) {
        socket.send(JSON.stringify({ type: 'subscribe', topic: `order:${randomUUID()}` }));
      }
      if (sent < messages && socket.readyState === WebSocket.OPEN) setImmediate(sendChunk);
    };
    sendChunk();
  });
}

const open = await Promise.all(Array.from({ length: sockets }, signedIn));
parentPort.postMessage({ type: 'flooding' });
const outcomes = await Promise.all(open.map(flood));
parentPort.postMessage({ type: 'closed', outcomes });
