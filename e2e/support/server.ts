import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { ensureAdmin } from '../../src/server/admin/ensureAdmin.js';
import { buildApp, type App } from '../../src/server/app.js';
import { testConfig } from '../../src/server/test/app.js';
import { openTestDatabase } from '../../src/server/test/database.js';

/** The admin account every server of the journeys has (sign-up never makes one). */
export const ADMIN = { email: 'admin@e2e.example.com', password: 'admin-e2e-password' };

export interface E2EServer {
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL so emailed links point here. */
  origin: string;
  app: App;
  /** The built client it serves. */
  clientDir: string;
  close(): Promise<void>;
}

/** A free loopback port, so PUBLIC_URL can be set before the app is built. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The real server, in this process, serving the built client (by default the one the global
 * setup built): a fresh database (in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 * (with ADMIN when `admin` is set; the demo seed only fills an empty one), a temporary DATA_DIR for uploads, no demo data, no map tiles, and mail
 * sent to the given SMTP server, if any. Rate limits are off: every journey comes from 127.0.0.1,
 * and the limits have their own API tests. `env` adds settings, such as Paystack keys and the URLs
 * of a local Paystack stand-in.
 */
export async function startServer(
  options: { clientDir?: string; smtpUrl?: string; env?: Record<string, string>; admin?: boolean } = {},
): Promise<E2EServer> {
  const clientDir = options.clientDir ?? process.env.E2E_CLIENT_DIR;
  if (!clientDir) throw new Error('E2E_CLIENT_DIR is not set: run the journeys with `npx playwright test`');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = testConfig({
    PUBLIC_URL: origin,
    SMTP_URL: options.smtpUrl ?? '',
    TILE_URL: '',
    RATE_LIMIT_DISABLED: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error',
    ...options.env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, clientDir });
  if (options.admin) await ensureAdmin(app.db, ADMIN);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    app,
    clientDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
