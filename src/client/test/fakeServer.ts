import { vi } from 'vitest';
import type { z } from 'zod';
import type { ErrorResponse } from '@shared/http/errors.js';

/** One request the page sent: its method, path, query, route parameters and body (parsed JSON, or the multipart form). */
interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

/** 'METHOD /api/path/:param' to the handler answering it. */
export type Routes = Record<string, Handler>;

/** A 2xx JSON reply, checked against the route's schema from src/shared so a fake cannot drift from the API. */
export function reply<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200): Response {
  schema.parse(body);
  return Response.json(body, { status });
}

/** The API's error reply ({error:{code,message,fields}}, src/shared/http/errors.ts). */
export function refuse(status: number, error: ErrorResponse['error']): Response {
  return Response.json({ error } satisfies ErrorResponse, { status });
}

function compile(key: string, handler: Handler) {
  const [method, pattern = ''] = key.split(' ');
  const names: string[] = [];
  const source = pattern.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, regex: new RegExp(`^${source}$`), names, handler };
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body === 'string') return JSON.parse(init.body);
  return init?.body ?? undefined;
}

/**
 * Stubs the global fetch with these API routes, the way the server answers them: the components
 * under test run their own api() calls, schemas and error handling unchanged. Every request is
 * kept in `requests`; one no route answers gets a 501 naming it, so a test sees what it missed.
 */
export function fakeServer(routes: Routes) {
  const compiled = Object.entries(routes).map(([key, handler]) => compile(key, handler));
  const requests: FakeRequest[] = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    for (const route of compiled) {
      const match = route.method === method ? route.regex.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
      const request = { method, path: url.pathname, query: url.searchParams, params, body: bodyOf(init) };
      requests.push(request);
      return route.handler(request);
    }
    requests.push({ method, path: url.pathname, query: url.searchParams, params: {}, body: bodyOf(init) });
    return refuse(501, { code: 'internal', message: `The fake server has no route for ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    requests,
    /** The requests sent to one route, e.g. sent('PATCH', '/api/orders/…/status'). */
    sent: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
  };
}

/** A gate a handler waits at until the test opens it: to see the page while the server is still answering. */
export function gate() {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}
