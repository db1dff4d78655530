import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

/** One route of the app as the fuzzer sees it: where it is and the zod schemas of its inputs. */
export interface FuzzRoute {
  method: string;
  /** The route's pattern, e.g. /api/orders/:id/status or /api/docs/static/*. */
  url: string;
  body?: ZodType;
  params?: ZodType;
  querystring?: ZodType;
  headers?: ZodType;
  /** Content types the route declares (`consumes`), such as multipart/form-data. */
  consumes: readonly string[];
  websocket: boolean;
}

const isZod = (schema: unknown): schema is ZodType => typeof schema === 'object' && schema !== null && '_zod' in schema;

function toFuzzRoute(route: RouteOptions & { websocket?: boolean }): FuzzRoute[] {
  const schema: FastifySchema = route.schema ?? {};
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({
    method: method.toUpperCase(),
    url: route.url,
    body: isZod(schema.body) ? schema.body : undefined,
    params: isZod(schema.params) ? schema.params : undefined,
    querystring: isZod(schema.querystring) ? schema.querystring : undefined,
    headers: isZod(schema.headers) ? schema.headers : undefined,
    consumes: schema.consumes ?? [],
    websocket: route.websocket === true,
  }));
}

/**
 * Records every route of the next Fastify instance created in this process, including routes
 * added later to the app, without any option on buildApp: Fastify announces each new instance
 * on the `fastify.initialization` diagnostics channel before any plugin runs, and an onRoute
 * hook added there sees every route registered afterwards. Call it before the app is built.
 */
export function catalogNextApp(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  const onInit = (message: unknown) => {
    unsubscribe('fastify.initialization', onInit);
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      routes.push(...toFuzzRoute(route));
    });
  };
  subscribe('fastify.initialization', onInit);
  return routes;
}
