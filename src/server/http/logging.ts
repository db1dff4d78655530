import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { databaseErrorOf } from './databaseErrors.js';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

// No slash on either side: a stack's `node_modules/@fastify/busboy/...` is a path, not an address.
const EMAIL = /[^\s<>"'(),;:/]+@[^\s<>"'(),;:/]+/g;
/** Mail servers echo the recipient in their refusals; the address says who, the rest says why. */
export const withoutEmails = (text: string) => text.replace(EMAIL, '[email]');

const MAX_CAUSES = 3;

/**
 * What the log keeps of an error. A database error keeps its SQLSTATE and the names of what
 * failed, never its message, detail or the statement's parameters (drizzle's DrizzleQueryError
 * spells them out in its message: password hashes, addresses, phones, delivery codes).
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const type = error.constructor.name;
  const database = databaseErrorOf(error);
  if (database) return { type, ...database };
  if ('params' in error && 'query' in error) {
    // A failed statement without a SQLSTATE (a lost connection): its cause says what happened.
    return { type, cause: depth < MAX_CAUSES ? serializeError(error.cause, depth + 1) : undefined };
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type,
    message: withoutEmails(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: error.stack ? withoutEmails(error.stack) : undefined,
    ...(error.cause !== undefined && depth < MAX_CAUSES ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/** A request in the log: no query string (signed links, reset tokens) and no headers. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    route: request.routeOptions.url,
    remoteAddress: request.ip,
  };
}

/** Headers a careless `log.info({ headers })` would otherwise print. */
const REDACTED = ['req.headers', 'res.headers', 'headers'].flatMap((headers) =>
  ['.authorization', '.cookie', '["set-cookie"]'].map((header) => `${headers}${header}`),
);

/** Logger options with the serializers and redaction that keep secrets and personal data out. */
export function safeLogger(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    serializers: { ...options.serializers, err: serializeError, req: serializeRequest } as LoggerOptions['serializers'],
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
}
