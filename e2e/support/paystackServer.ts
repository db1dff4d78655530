import { startPaystackStandIn, TEST_PAYSTACK_KEYS } from '../../src/server/test/paystack.js';
import { startServer } from './server.js';
import { forThisFile, servedBy } from './test.js';

/**
 * Journeys that pay through a local Paystack stand-in: a server of their own, with Paystack's
 * keys and the stand-in's address (which the pages may reach), to which the stand-in sends its
 * payment and transfer webhooks. The background payment check is off: only the browser's verify
 * and the webhooks move payments and payouts on. `admin` gives the server the ADMIN account (server.ts).
 * Both run for the file alone (forThisFile).
 */
export function paystackJourney({ admin = false }: { admin?: boolean } = {}) {
  const started = forThisFile(async () => {
    const paystack = await startPaystackStandIn();
    const server = await startServer({
      admin,
      env: {
        ...TEST_PAYSTACK_KEYS,
        PAYSTACK_API_URL: paystack.url,
        PAYSTACK_SCRIPT_URL: `${paystack.url}/inline.js`,
        PAYMENT_SWEEP_SECONDS: '0',
      },
    });
    paystack.webhookUrl = `${server.origin}/api/payments/paystack/webhook`;
    paystack.transfers.webhookUrl = paystack.webhookUrl;
    return {
      paystack,
      server,
      async close() {
        await server.close();
        await paystack.close();
      },
    };
  });
  const server = async () => (await started()).server;
  return {
    test: servedBy(server, async () => [(await started()).paystack.url]),
    server,
    paystack: async () => (await started()).paystack,
  };
}
