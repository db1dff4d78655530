import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * The JSON text of a public read, which the response cache keeps as sent: the reply's JSON
 * Schema, made from the same zod schema, compiled once into a fast-json-stringify function.
 * Unlike the default serializer it does not re-check a reply built from our own typed query,
 * a check that cost more than the query itself. Fields the schema does not name are left out,
 * as the zod check would.
 */
export function jsonStringifier<T extends z.ZodType>(schema: T): (data: z.output<T>) => string {
  return fastJson(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as Parameters<typeof fastJson>[0]);
}
