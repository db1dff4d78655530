// The child process of socketCrowd.ts: holds the benchmark's realtime client sockets, apart from
// the server's process so that neither their memory nor their CPU is counted as the server's.
import { openSubscribedSockets, wallClock } from './realtimeClient.mjs';

let sockets = [];
/** [key, receivedAt] of every event since the last report; key is the event's orderId, else its driverId. */
let received = [];
let waiting;

function onEvent(event, receivedAt) {
  received.push([event.orderId ?? event.driverId, receivedAt]);
  if (waiting && received.length >= waiting.expected) waiting.answer();
}

function report(expected, timeoutMs) {
  const answer = () => {
    clearTimeout(waiting.timer);
    waiting = undefined;
    process.send({ type: 'events', events: received });
    received = [];
  };
  waiting = { expected, answer, timer: setTimeout(answer, timeoutMs) };
  if (received.length >= expected) answer();
}

process.on('message', async (message) => {
  switch (message.type) {
    case 'open': {
      const startedAt = wallClock();
      try {
        sockets = await openSubscribedSockets(message.url, message.clients, onEvent);
        process.send({ type: 'opened', seconds: (wallClock() - startedAt) / 1000 });
      } catch (error) {
        process.send({ type: 'failed', message: error.message });
      }
      break;
    }
    case 'report':
      report(message.expected, message.timeoutMs);
      break;
    case 'memory':
      process.send({ type: 'memory', usage: process.memoryUsage() });
      break;
    case 'close':
      for (const socket of sockets) socket.terminate();
      process.disconnect();
      break;
  }
});
