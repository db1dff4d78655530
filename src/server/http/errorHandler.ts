import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@shared/http/errors.js';
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

/** PostgreSQL errors that mean the input was wrong, not the server. */
const pgClientErrors: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'That already exists' },
  '23503': { status: 400, message: 'It refers to something that does not exist' },
  '23514': { status: 400, message: 'A value is out of the allowed range' },
  '23502': { status: 400, message: 'A required value is missing' },
  '22P02': { status: 400, message: 'A value has the wrong format' },
  '22003': { status: 400, message: 'A number is too large' },
  '22001': { status: 400, message: 'A value is too long' },
};

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const reply = (code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse => ({
  error: fields ? { code, message, fields } : { code, message },
});

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
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
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply did not match its schema');
      return res.status(500).send(reply('internal', 'Something went wrong on our side. Please try again.'));
    }
    const dbError = pgClientErrors[pgCode(error) ?? ''];
    if (dbError) {
      request.log.info({ err: error }, 'database refused the input');
      return res.status(dbError.status).send(reply(codeForStatus[dbError.status] ?? 'bad_request', dbError.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return res.status(status).send(reply(codeForStatus[status] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return res.status(500).send(reply('internal', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, res) => {
    res.status(404).send(reply('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
