import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode, ErrorResponse } from '@shared/http/errors.js';

/**
 * Writes an error reply straight to a connection and closes it, for the replies made before any
 * route or hook runs (a request Node could not parse, a WebSocket upgrade ws refuses): in the
 * API's error shape and with the headers every other reply carries.
 */
export function endWithError(
  socket: Duplex,
  status: number,
  error: { code: ErrorCode; message: string },
  headers: Record<string, string>,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error } satisfies ErrorResponse);
  const head = {
    ...headers,
    connection: 'close',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** As Fastify's own clientErrorHandler (408 for a timeout, 431 for oversized headers, else 400), in the API's shape. */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err }, 'client error');
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    endWithError(socket, 408, { code: 'bad_request', message: 'The request took too long to arrive' }, this.securityHeaders);
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    endWithError(socket, 431, { code: 'payload_too_large', message: 'The request headers are too large' }, this.securityHeaders);
  } else {
    endWithError(socket, 400, { code: 'bad_request', message: 'That request could not be read' }, this.securityHeaders);
  }
}
