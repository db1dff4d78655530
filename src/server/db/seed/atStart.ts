import type { App } from '../../app.js';
import { seedDemo, type DemoSeedResult } from '../seed.js';
import { countDemoAccounts, DEMO_EMAIL_DOMAIN } from './demoAccounts.js';

/** The server must not start: the message says why and what to do. */
export class StartRefused extends Error {}

export const DEMO_IN_PRODUCTION_WARNING =
  `SEED_DEMO=1 outside development: the demo accounts (${DEMO_EMAIL_DOMAIN}, password published in the README) ` +
  'can sign in here, the demo admin included. Unset SEED_DEMO and run `npm run remove-demo` before real users arrive.';

function demoInProduction(accounts: number): StartRefused {
  return new StartRefused(
    `This database holds ${accounts} demo account(s) (…${DEMO_EMAIL_DOMAIN}, password published in the README), and this is not ` +
      'a development install (NODE_ENV=production, an https or non-local PUBLIC_URL, or TRUST_PROXY=1), so anyone ' +
      'could sign in as the demo admin.\n' +
      'Stop the server and run `npm run remove-demo` (same DATA_DIR or DATABASE_URL) to delete the demo accounts with ' +
      'their restaurants and orders (or, where real money moved through them, to disable them); or set SEED_DEMO=1 to ' +
      'keep them on purpose.',
  );
}

/**
 * Demo data is for trying the product: added to an empty embedded database in development unless
 * SEED_DEMO=0, anywhere else only with SEED_DEMO=1 (and a warning at every start); outside
 * development without it, demo accounts left in the database refuse the start. It is never added
 * to PostgreSQL.
 */
export async function demoAtStart(app: App): Promise<DemoSeedResult | undefined> {
  const { mode, SEED_DEMO, DATABASE_URL } = app.config;
  if (mode === 'development') return SEED_DEMO !== false && !DATABASE_URL ? seedDemo(app) : undefined;
  if (SEED_DEMO) {
    app.log.warn(DEMO_IN_PRODUCTION_WARNING);
    return DATABASE_URL ? undefined : seedDemo(app);
  }
  const accounts = await countDemoAccounts(app.db);
  if (accounts > 0) throw demoInProduction(accounts);
  return undefined;
}
