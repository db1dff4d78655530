import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the local Paystack stand-ins (paystack.ts, paystackTransfers.ts) share: JSON replies and bodies, and Paystack's signature. */

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** x-paystack-signature: the HMAC-SHA512 of the body with the secret key, in hex. */
export function sign(secretKey: string, body: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}
