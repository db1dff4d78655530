import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../admin/ensureAdmin.js';
import { useLoggedApps } from '../../test/loggedApp.js';
import { rowsOf } from '../rows.js';
import { cashHandIns, ledgerTransactions, orders, restaurants, users } from '../schema.js';
import { seedDemo } from '../seed.js';
import { DEMO_IN_PRODUCTION_WARNING, demoAtStart, StartRefused } from './atStart.js';
import { countDemoAccounts, removeDemo } from './demoAccounts.js';

// NODE_ENV=development is what an unset NODE_ENV means.
const NOTHING_SET = { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: '' };
const HTTPS_SITE = { NODE_ENV: 'development', PUBLIC_URL: 'https://food.example.com', SEED_DEMO: '' };

describe('demo data at start', () => {
  const appWith = useLoggedApps();
  const rows = async (
    app: Awaited<ReturnType<typeof appWith>>['app'],
    table: typeof users | typeof restaurants | typeof orders,
  ) => (await app.db.select({ n: count() }).from(table))[0]!.n;

  it('fills an empty database when nothing is set, as the README first command does', async () => {
    const { app, log } = await appWith(NOTHING_SET);
    expect((await demoAtStart(app))?.created).toBe(true);
    expect(await countDemoAccounts(app.db)).toBe(9);
    expect(log.text()).not.toContain('SEED_DEMO=1');
  }, 60_000);

  it('adds nothing to a production install without SEED_DEMO=1, even without NODE_ENV', async () => {
    for (const settings of [HTTPS_SITE, { NODE_ENV: 'production', SEED_DEMO: '' }]) {
      const { app } = await appWith(settings);
      expect(await demoAtStart(app)).toBeUndefined();
      expect(await rows(app, users)).toBe(0);
    }
  });

  it('adds it in production with SEED_DEMO=1, with a warning at every start', async () => {
    const { app, log } = await appWith({ ...HTTPS_SITE, SEED_DEMO: '1' });
    expect((await demoAtStart(app))?.created).toBe(true);
    const again = await appWith({ ...HTTPS_SITE, SEED_DEMO: '1' });
    expect((await demoAtStart(again.app))?.created).toBe(false);
    for (const startLog of [log, again.log]) {
      expect(startLog.entries()).toContainEqual(expect.objectContaining({ level: 40, msg: DEMO_IN_PRODUCTION_WARNING }));
    }
  }, 60_000);

  it('refuses a production start while demo accounts remain, saying how to remove them; npm run remove-demo does', async () => {
    const { app } = await appWith(NOTHING_SET);
    await seedDemo(app);
    await ensureAdmin(app.db, { email: 'ops@example.com', password: 'a-long-password' });

    const production = await appWith(HTTPS_SITE);
    const refused = await demoAtStart(production.app).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartRefused);
    expect((refused as Error).message).toContain('npm run remove-demo');
    expect((refused as Error).message).toContain('SEED_DEMO=1');

    const removed = await removeDemo(app.db);
    expect(removed).toEqual({ outcome: 'deleted', accounts: 9, restaurants: 5, orders: expect.any(Number) as number });
    expect(removed.outcome === 'deleted' && removed.orders).toBeGreaterThan(30);
    expect(await rows(app, users)).toBe(1);
    expect(await rows(app, restaurants)).toBe(0);
    expect(await rows(app, orders)).toBe(0);
    expect(await app.db.select().from(ledgerTransactions)).toEqual([]);
    expect(await app.db.select().from(cashHandIns)).toEqual([]);
    // The ledger is append-only again: its triggers are back on ('O': fires in origin mode).
    const triggers = await app.db.execute(
      sql`select tgname as name, tgenabled as enabled from pg_trigger where tgname like 'ledger_%append_only' order by tgname`,
    );
    expect(rowsOf(triggers)).toEqual([
      { name: 'ledger_entries_append_only', enabled: 'O' },
      { name: 'ledger_transactions_append_only', enabled: 'O' },
    ]);
    expect(await demoAtStart(production.app)).toBeUndefined();
  }, 60_000);
});
