import { errorResponseSchema, type ErrorCode } from '@shared/http/errors.js';

/** `network`: the server could not be reached; `bad_response`: it replied with something unexpected. */
export type ApiErrorCode = ErrorCode | 'network' | 'bad_response';

/** A failed API call, carrying the server's own message so screens can show it as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected reply. Please try again.';

function fallbackFor(status: number): { code: ErrorCode; message: string } {
  if (status === 400) return { code: 'bad_request', message: 'Please check what you entered and try again.' };
  if (status === 401) return { code: 'unauthorized', message: 'Please sign in to continue.' };
  if (status === 403) return { code: 'forbidden', message: 'You do not have access to this.' };
  if (status === 404) return { code: 'not_found', message: 'We could not find what you were looking for.' };
  if (status === 409) return { code: 'conflict', message: 'Someone else changed this first. Please reload and try again.' };
  if (status === 413) return { code: 'payload_too_large', message: 'That upload is too large.' };
  if (status === 422) return { code: 'unprocessable', message: 'This cannot be done right now.' };
  if (status === 429) return { code: 'rate_limited', message: 'Too many attempts. Please wait a moment and try again.' };
  if (status >= 500) return { code: 'internal', message: 'Something went wrong on our side. Please try again.' };
  return { code: 'bad_request', message: 'The request could not be completed.' };
}

/** The ApiError for a non-2xx reply: the server's {error:{code,message,fields}} when present, else a message for the status. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(status, code, message, fields);
  }
  const fallback = fallbackFor(status);
  return new ApiError(status, fallback.code, fallback.message);
}

/** What to tell the user about a failure: the server's message for API errors, the given fallback otherwise. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
