import type { ErrorCode } from '@shared/http/errors.js';

/** An expected failure: its message is safe to show the user. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Seconds before trying again is worth it, sent as Retry-After. */
    public readonly retryAfter?: number,
    /** For a 5xx: the failure behind it, logged, never sent. */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'conflict', message, fields);
export const unprocessable = (message: string) => new AppError(422, 'unprocessable', message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a moment and try again.', retryAfter?: number) =>
  new AppError(429, 'rate_limited', message, undefined, retryAfter);

/** A service the request needs (the file store) failed or did not answer: 503, worth trying again soon. */
export const unavailable = (message: string, cause: unknown) => new AppError(503, 'unavailable', message, undefined, 5, cause);

/** A refusal about one field of a form (a picture too large), said under that field as well: a 4xx as it is. */
export const underField = (error: unknown, field: string): unknown =>
  error instanceof AppError && error.statusCode < 500
    ? new AppError(error.statusCode, error.code, error.message, { [field]: error.message }, error.retryAfter)
    : error;

/** An error's message, or what was thrown when it is no Error. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
