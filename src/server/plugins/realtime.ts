import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { endWithError } from '../http/socketErrors.js';
import { RealtimeHub } from '../realtime/hub.js';
import {
  describePayload,
  eventsSent,
  onEventsLost,
  parseEventPayload,
  REALTIME_CHANNEL,
  sendInProcess,
} from '../realtime/publish.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open realtime sockets of this instance and the topics they follow. */
    realtime: RealtimeHub;
  }
}

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 8 * 1024;

/**
 * WebSocket support and the fan-out of committed events: every instance LISTENs on the one
 * channel raiseCommitted() notifies, and hands each event to its own sockets that follow its topic.
 * Revocations heard by the auth plugin close the sockets whose tokens they cover; when some may
 * have gone unheard, every socket's token is checked again.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    // A frame that breaks the protocol (too large, not UTF-8, a bad opcode) is the client's doing:
    // ws has closed the socket with the code that says why. Noted, not logged as the server's error
    // with a stack, which anyone could otherwise fill the error log with.
    errorHandler: (error: Error & { code?: string }, socket, request) => {
      if (error.code?.startsWith('WS_ERR_'))
        request.log.info({ code: error.code }, 'closed a realtime socket that broke the protocol');
      else request.log.error({ err: error }, 'realtime socket failed');
      socket.terminate();
    },
  });
  // ws answers an upgrade it refuses (no or a bad Sec-WebSocket-Key, version...) on the raw socket,
  // after every hook; 'Sec-WebSocket-Version' names the versions it takes, as ws itself would.
  app.websocketServer.on('wsClientError', (err: Error, socket: Duplex) =>
    endWithError(
      socket,
      400,
      { code: 'bad_request', message: err.message },
      { ...app.securityHeaders, 'sec-websocket-version': '13, 8' },
    ),
  );

  const hub = new RealtimeHub(!app.config.RATE_LIMIT_DISABLED);
  app.decorate('realtime', hub);

  const stopListening = await app.database.listen(REALTIME_CHANNEL, (payload) => {
    const events = parseEventPayload(payload);
    if (events.length === 0) app.log.warn(describePayload(payload), 'ignored a malformed realtime event');
    for (const event of events) hub.deliver(event);
  });
  const { deliverHere } = app.database;
  if (deliverHere) sendInProcess(app.db, (payloads) => deliverHere(REALTIME_CHANNEL, payloads));
  onEventsLost(app.db, (err, lost) => app.log.error({ err, lost }, 'could not send realtime events'));
  const stopRevoking = app.revocations.onRevocation((revocation) => hub.revoke(revocation));
  const stopRechecking = app.revocations.onMissed(() => hub.recheck());
  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopRevoking();
    stopRechecking();
    await eventsSent(app.db);
    await stopListening().catch((err: unknown) => app.log.warn({ err }, 'could not stop listening for realtime events'));
  });
});
