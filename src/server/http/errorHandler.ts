import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@shared/http/errors.js';
import { databaseErrorOf, refusalFor } from './databaseErrors.js';
import { AppError } from './errors.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

const reply = (code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse => ({
  error: fields ? { code, message, fields } : { code, message },
});

/**
 * Errors Fastify raises before a route runs (a path with a broken %-escape, a path parameter past
 * MAX_PARAM_LENGTH) would otherwise answer in Fastify's own shape instead of ours, and without the
 * security headers: no onRequest hook runs for them.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, res: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void res
    .headers(request.server.securityHeaders)
    .status(tooLong ? 414 : 400)
    .send(reply('bad_request', tooLong ? 'That address is too long' : 'That address is not valid'));
}

/** Longer than any id or file name a route takes, so those reach their schema and get its message. */
export const MAX_PARAM_LENGTH = 500;

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.warn({ err: error.cause, route: request.routeOptions.url }, error.message);
      if (error.retryAfter !== undefined) res.header('retry-after', error.retryAfter);
      return res.status(error.statusCode).send(reply(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const message = Object.values(fields)[0] ?? 'Invalid request';
      return res.status(400).send(reply('bad_request', message, fields));
    }
    const route = request.routeOptions.url;
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, route }, 'reply did not match its schema');
      return res.status(500).send(reply('internal', 'Something went wrong on our side. Please try again.'));
    }
    const databaseError = databaseErrorOf(error);
    const refusal = databaseError && refusalFor(databaseError.code);
    if (refusal) {
      request.log.info({ err: error, route }, 'database refused the input');
      return res.status(refusal.status).send(reply(refusal.code, refusal.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return res.status(status).send(reply(codeForStatus[status] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error, route }, 'request failed');
    return res.status(500).send(reply('internal', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, res) => {
    res.status(404).send(reply('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
