import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, startPaystackStandIn, type PaystackStandIn } from './paystack.js';

describe("the Paystack stand-in's browser routes", () => {
  let standIn: PaystackStandIn;
  const received: { body: string; signature: unknown }[] = [];
  const webhooks = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-paystack-signature'] });
      res.end('{"received":true}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => webhooks.listen(0, '127.0.0.1', resolve));
    const { port } = webhooks.address() as AddressInfo;
    standIn = await startPaystackStandIn(undefined, { webhookUrl: `http://127.0.0.1:${port}/webhook` });
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((resolve) => webhooks.close(resolve));
  });

  async function initialize(reference: string) {
    const res = await fetch(`${standIn.url}/transaction/initialize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ama@example.com', amount: 9000, currency: 'GHS', reference }),
    });
    return ((await res.json()) as { data: { access_code: string } }).data.access_code;
  }

  it('serves the inline script without the secret key, while the API still wants it', async () => {
    const script = await fetch(`${standIn.url}/inline.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('window.PaystackPop');
    expect((await fetch(`${standIn.url}/transaction/verify/chop-1`)).status).toBe(401);
  });

  it("shows the amount, and 'Pay' marks the transaction paid and posts a signed charge.success", async () => {
    const accessCode = await initialize('chop-pay-1');
    const page = await (await fetch(`${standIn.url}/pay/${accessCode}`)).text();
    expect(page).toContain('GHS 90.00');
    expect(page).toContain('>Pay</button>');
    expect(page).toContain('>Cancel</button>');

    const paid = await fetch(`${standIn.url}/pay/${accessCode}`, { method: 'POST' });
    expect(await paid.json()).toEqual({ status: true, reference: 'chop-pay-1' });
    expect(standIn.transactions.get('chop-pay-1')?.status).toBe('success');
    await expect.poll(() => received.length).toBe(1);
    const [webhook] = received;
    expect(JSON.parse(webhook!.body)).toMatchObject({ event: 'charge.success', data: { reference: 'chop-pay-1', amount: 9000 } });
    expect(webhook!.signature).toBe(sign(standIn.secretKey, webhook!.body));

    expect((await fetch(`${standIn.url}/pay/${accessCode}`, { method: 'POST' })).status).toBe(400);
  });
});
