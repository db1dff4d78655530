import { startPaystackStandIn, TEST_PAYSTACK_KEYS, type PaystackStandIn } from '../../src/server/test/paystack.js';
import { startServer, type E2EServer } from './server.js';
import { standInFixture, test as journey } from './test.js';

/**
 * Journeys that pay through a local Paystack stand-in: a server of their own, with Paystack's
 * keys and the stand-in's address (which the pages may reach), to which the stand-in sends its
 * payment and transfer webhooks. The background payment check is off: only the browser's verify
 * and the webhooks move payments and payouts on. `admin` gives the server the ADMIN account (server.ts).
 */
export const paystackJourney = ({ admin = false }: { admin?: boolean } = {}) =>
  journey.extend<object, { standIn: PaystackStandIn; server: E2EServer }>({
    standIn: standInFixture(startPaystackStandIn),
    server: [
      async ({ standIn }, use) => {
        const server = await startServer({
          admin,
          env: {
            ...TEST_PAYSTACK_KEYS,
            PAYSTACK_API_URL: standIn.url,
            PAYSTACK_SCRIPT_URL: `${standIn.url}/inline.js`,
            PAYMENT_SWEEP_SECONDS: '0',
          },
        });
        standIn.webhookUrl = `${server.origin}/api/payments/paystack/webhook`;
        standIn.transfers.webhookUrl = standIn.webhookUrl;
        await use(server);
        await server.close();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    origin: [async ({ server }, use) => use(server.origin), { scope: 'worker' }],
    allowedOrigins: [async ({ standIn }, use) => use([standIn.url]), { scope: 'worker' }],
  });
