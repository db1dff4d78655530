import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.js';
import type { TestDatabaseTemplate } from './globalSetup.js';

/**
 * One database per test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL, dropped again when the file is done. Both start
 * from the run's migrated template (see globalSetup.ts), so migrating them finds nothing to do.
 */
const urls = new WeakMap<Database, string>();

/** The template the unit tests' global setup migrated; none outside a test worker (the e2e global setup starts its server there). */
function providedTemplate(): TestDatabaseTemplate | undefined {
  try {
    return inject('testDatabaseTemplate');
  } catch {
    return undefined;
  }
}

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = providedTemplate();
  if (!serverUrl) {
    if (template?.kind !== 'pglite') return openDatabase({});
    return openDatabase({ loadDataDir: new Blob([readFileSync(template.file)]) });
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const copied = template?.kind === 'postgres' && template.serverUrl === serverUrl;
    await admin.query(`CREATE DATABASE ${name}${copied ? ` TEMPLATE ${template.name}` : ''}`);
  } finally {
    await admin.end();
  }

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  const opened: Database = {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
  urls.set(opened, url.toString());
  return opened;
}

/**
 * Another instance's own connections to the same test database, as a second server would have:
 * on PostgreSQL a new pool and listener, so NOTIFY must cross between them. The embedded
 * database lives in this process, so there the same one is shared. Close it before the first.
 */
export async function openSecondConnection(database: Database): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => undefined };
  return openDatabase({ databaseUrl: url, poolSize: 5 });
}

/**
 * Lets new connections into a PostgreSQL test database or keeps them out (those open stay), as
 * when the server is unreachable for a while. Run from the server's own database: PostgreSQL
 * refuses it from the database it changes.
 */
export async function allowConnections(database: Database, allow: boolean): Promise<void> {
  const url = urls.get(database);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!url || !serverUrl) throw new Error('only a PostgreSQL test database takes connections');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} ALLOW_CONNECTIONS ${allow}`);
  } finally {
    await admin.end();
  }
}

/** Every table a test may write; the two settings rows are restored instead. */
export const TABLES = [
  'refunds',
  'dispatch_declines',
  'delivery_code_attempts',
  'payments',
  'order_items',
  'checkout_intents',
  'orders',
  'heatmap_places',
  'menu_items',
  'restaurant_sales_days',
  'platform_sales_days',
  'commission_changes',
  'restaurant_members',
  'restaurant_invitations',
  'restaurants',
  'driver_id_checks',
  'drivers',
  'uploads',
  'email_outbox',
  'password_resets',
  'refresh_tokens',
  'user_roles',
  'profiles',
  'users',
];

/** Empties every table and restores the default commission and the empty platform rollup, between tests. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${TABLES.map((t) => `"${t}"`).join(', ')} CASCADE`));
  await db.execute(sql`UPDATE commission_settings SET commission_bps = 1000, restaurants_need_approval = null`);
  await db.execute(sql`UPDATE platform_sales_rollup SET rolled_until = '-infinity'`);
}
