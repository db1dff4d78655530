import type { z } from 'zod';
import { ApiError, BAD_RESPONSE_MESSAGE, NETWORK_MESSAGE, errorFromResponse } from './apiError.js';
import { reportUnreachable } from './connectivity.js';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (file uploads); the browser sets the boundary. */
  formData?: FormData;
  /** The reply's schema from src/shared; the parsed (output) value is returned. */
  schema: S;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One HTTP call to the API, without any session handling. Throws ApiError for every failure except aborts. */
export async function request<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
  accessToken?: string | null,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportUnreachable();
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }

  const payload = await readBody(response).catch(() => undefined);
  options.signal?.throwIfAborted();
  if (!response.ok) throw errorFromResponse(response.status, payload);

  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${options.method ?? 'GET'} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, 'bad_response', BAD_RESPONSE_MESSAGE);
  }
  return parsed.data;
}
