import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { errorResponseSchema } from '@shared/http/errors.js';

/** What the fuzzer needs of a reply, its body already decoded (see replyText). */
export interface ReplySeen {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const DECODERS: Record<string, (data: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

/** The text of a reply as a browser would read it: a compressed reply (the request may ask for one) is decoded first. */
export function replyText(reply: { headers: ReplySeen['headers']; rawPayload: Buffer }): string {
  const encoding = String(reply.headers['content-encoding'] ?? '');
  const decode = Object.hasOwn(DECODERS, encoding) ? DECODERS[encoding] : undefined;
  // A HEAD reply names its encoding but carries no body.
  if (!decode || reply.rawPayload.length === 0) return reply.rawPayload.toString();
  return decode(reply.rawPayload).toString();
}

/** A JavaScript stack frame: "at fn (/path/file.ts:12:3)" or "at /path/file.js:1:2". */
const STACK_FRAME = /\bat (?:async )?(?:[\w$.<>[\] ]+ \()?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+/;
/** What leaks when a database error reaches the client: the statement, its parameters, the server's words. */
const SQL_LEAKS = [
  /\bselect\s[\s\S]{1,300}?\sfrom\s+"?\w+/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /Failed query/i,
  /\bparams:/,
  /syntax error at or near/i,
  /violates (?:foreign key|unique|check|not-null) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for/i,
  /relation "\w+"/i,
  /\bcolumn "\w+"/i,
  /node_modules|\/src\/server\//,
];

const isTextual = (contentType: string) => /json|text\/plain|text\/html/.test(contentType);

/**
 * Why this reply breaks the API's promises, or undefined when it keeps them: no 5xx; every
 * 4xx in the `{ error: { code, message } }` shape; no stack trace or SQL in any text reply
 * unless the request itself carried that text (a 404 names the path it was asked for).
 */
export function replyProblem(method: string, reply: ReplySeen, sentText: string): string | undefined {
  const { statusCode, body } = reply;
  const contentType = String(reply.headers['content-type'] ?? '');
  if (statusCode >= 500) return `server error ${statusCode}`;
  if (statusCode >= 300 && statusCode < 400 && !reply.headers.location) return `redirect ${statusCode} without a location`;
  if (statusCode >= 400 && method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${statusCode} reply is not JSON (content-type "${contentType}")`;
    }
    if (!errorResponseSchema.safeParse(parsed).success) return `${statusCode} reply is not { error: { code, message } }`;
  }
  if (statusCode >= 400 || isTextual(contentType)) {
    // Read quotes inside JSON strings as the quotes they are, in the reply and in what was sent.
    const text = body.replaceAll('\\"', '"');
    const sent = sentText.replaceAll('\\"', '"').toLowerCase();
    if (STACK_FRAME.test(text) && !STACK_FRAME.test(sent)) return 'reply carries a stack trace';
    for (const pattern of SQL_LEAKS) {
      const match = pattern.exec(text)?.[0];
      if (match && !sent.includes(match.toLowerCase())) return `reply carries SQL or server internals ("${match}")`;
    }
  }
  return undefined;
}
