import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { CATALOG_CHANNEL, EVERYTHING_CHANGED } from '../restaurants/catalog.js';
import type { TestDatabaseTemplate } from './globalSetup.js';
import { databaseUrl, onServer } from './postgresServer.js';

/**
 * Test databases: in-memory PGlite by default, or databases on the PostgreSQL server named by
 * TEST_DATABASE_URL. Both start from the run's migrated template (see globalSetup.ts), so
 * migrating them finds nothing to do; useTestApp's files borrow one another's (borrowTestDatabase).
 */
const urls = new WeakMap<Database, string>();

/**
 * The template the run's global setup migrated: the unit tests' provides it to their workers, the
 * browser journeys' puts it in TEST_DATABASE_TEMPLATE for the servers they start. None elsewhere
 * (a benchmark), and the database is migrated as it opens.
 */
function providedTemplate(): TestDatabaseTemplate | undefined {
  try {
    return inject('testDatabaseTemplate');
  } catch {
    const shared = process.env.TEST_DATABASE_TEMPLATE;
    return shared ? (JSON.parse(shared) as TestDatabaseTemplate) : undefined;
  }
}

/** The PostgreSQL pool of a test's app: larger than a server's (db/client.ts), for tests that send many requests at once. */
const TEST_POOL_SIZE = 20;

export async function openTestDatabase(poolSize = TEST_POOL_SIZE): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = providedTemplate();
  if (!serverUrl) {
    if (template?.kind !== 'pglite') return openDatabase({});
    return openDatabase({ loadDataDir: new Blob([readFileSync(template.file)]) });
  }

  const copied = template?.kind === 'postgres' && template.serverUrl === serverUrl;
  // A copy is named after its template, whose removal drops the copies left over.
  const name = `${copied ? template.name : 'test'}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${copied ? ` TEMPLATE ${template.name}` : ''}`);

  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize });
  const opened: Database = {
    ...database,
    async close() {
      await database.close();
      // On the server it was made on, even when TEST_DATABASE_URL has changed since (the benchmarks set it only to open one).
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  urls.set(opened, url);
  return opened;
}

/** TEST_DATABASE_URL, for what only a PostgreSQL test server can do. */
function postgresTestServer(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('only a PostgreSQL test server (TEST_DATABASE_URL) can do this');
  return serverUrl;
}

/** A new, empty database on TEST_DATABASE_URL's server, as an operator creates one (to restore or migrate into); its URL. */
export async function newPostgresDatabase(purpose: string): Promise<string> {
  const name = `${purpose}_${randomBytes(4).toString('hex')}`;
  const serverUrl = postgresTestServer();
  await onServer(serverUrl, `create database ${name}`);
  return databaseUrl(serverUrl, name);
}

/** Drops a database newPostgresDatabase made, whoever is still connected to it. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  await onServer(postgresTestServer(), `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}

/** Databases that finished test files gave back, for the next file of this worker (the node project shares modules per worker). */
const spareDatabases: Database[] = [];

/**
 * A test database for files that leave its schema as they found it (useTestApp's): one that an
 * earlier file of this worker gave back, when there is one. Opening another costs half a second
 * to a second of CPU on PGlite, and a quarter of a second of the PostgreSQL server's on
 * PostgreSQL, about 100 times a run. Closing it gives it back, rows and all, for the reset before
 * each test to empty. The copies of the template a worker still holds at the end of the run are
 * dropped with the template (globalSetup.ts).
 */
export async function borrowTestDatabase(): Promise<Database> {
  const database = spareDatabases.pop() ?? (await openTestDatabase());
  const borrowed: Database = { ...database, close: async () => void spareDatabases.push(database) };
  const url = urls.get(database);
  if (url) urls.set(borrowed, url);
  return borrowed;
}

/**
 * Another instance's own connections to the same test database, as a second server would have:
 * on PostgreSQL a new pool and listener, so NOTIFY must cross between them. The embedded
 * database lives in this process, so there the same one is shared. Close it before the first.
 * `reroute` changes the URL the connections are made with (through a proxy).
 */
export async function openSecondConnection(database: Database, reroute = (url: string) => url): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => undefined };
  return openDatabase({ databaseUrl: reroute(url), poolSize: 5 });
}

/**
 * Lets new connections into a PostgreSQL test database or keeps them out (those open stay), as
 * when the server is unreachable for a while. Run from the server's own database: PostgreSQL
 * refuses it from the database it changes.
 */
export async function allowConnections(database: Database, allow: boolean): Promise<void> {
  const url = urls.get(database);
  if (!url) throw new Error('only a PostgreSQL test database takes connections');
  await onServer(
    postgresTestServer(),
    `ALTER DATABASE ${pg.escapeIdentifier(new URL(url).pathname.slice(1))} ALLOW_CONNECTIONS ${allow}`,
  );
}

/** Every table a test may write; the two settings rows are restored instead, and the job queue's jobs (pgboss.job) deleted too. */
export const TABLES = [
  'cash_hand_ins',
  'ledger_entries',
  'ledger_transactions',
  'payouts',
  'payout_accounts',
  'delivery_pricing',
  'refunds',
  'dispatch_declines',
  'dispatch_offers',
  'delivery_code_attempts',
  'payments',
  'order_items',
  'checkout_intents',
  'order_ratings',
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
  'sms_outbox',
  'order_alerts',
  'notification_opt_outs',
  'push_subscriptions',
  'saved_places',
  'password_resets',
  'refresh_tokens',
  'user_roles',
  'profiles',
  'users',
];

/**
 * One statement (one round trip; PGlite's extended protocol takes no more) that runs `statements`
 * as a replica (session_replication_role, which needs the superuser every test database has): no
 * trigger fires, so no heat map upkeep and no user-deleted announcement reaches the next test, and
 * no foreign key is checked, so the tables' order does not matter. Then it tells every app's public
 * cache that everything changed, as the catalog's triggers would have.
 */
export function asReplica(statements: string): string {
  return `do $replica$ begin
    perform set_config('session_replication_role', 'replica', true);
    ${statements}
    perform set_config('session_replication_role', 'origin', true);
    perform pg_notify('${CATALOG_CHANNEL}', '${EVERYTHING_CHANGED}');
  end $replica$`;
}

/**
 * Empties every table and restores the default commission and the empty platform rollup, between
 * tests, as a replica (above): DELETE of a test's few rows takes a millisecond where TRUNCATE takes
 * 70 to 250 on PostgreSQL. Then waits until this connection's listeners have heard that the
 * catalog changed, so that no test hears it in the middle.
 */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(
    sql.raw(
      asReplica(`${TABLES.map((table) => `delete from "${table}";`).join('\n')}
        delete from pgboss.job;
        update commission_settings set commission_bps = 1000, restaurants_need_approval = null, road_factor_percent = 130, delivery_share_bps = 2000, max_carried_orders = 2;
        update platform_sales_rollup set rolled_until = '-infinity';`),
    ),
  );
  await database.caughtUp();
}
