import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { lockDataDir } from './dataDirLock.js';
import { hasJobQueue, installJobQueue } from './jobQueue.js';
import { MIGRATIONS_FOLDER } from './migrationState.js';
import * as schema from './schema.js';
import { sharedRoundTrip } from './sharedRoundTrip.js';
import { nodePostgresStatements, pgliteStatements, type StatementRunner } from './statements.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx;

type NotificationHandler = (payload: string) => void;

/** What a listener hears of the listening connection itself. */
interface ListenerHooks {
  /**
   * Runs once the LISTEN holds and again after every reconnection of the listening connection,
   * when notifications may have been missed.
   */
  onListening?: () => void;
  /** Runs when the listening connection is lost: until onListening runs again, notifications go unheard. */
  onLost?: () => void;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Hand-written statements (see statements.ts), run outside any transaction. */
  statements: StatementRunner;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, handler: NotificationHandler, hooks?: ListenerHooks): Promise<() => Promise<void>>;
  /**
   * Resolves once every notification of a transaction that committed before the call has reached
   * its handlers, so that what they keep up to date can be trusted.
   */
  caughtUp(): Promise<void>;
  /**
   * The embedded database lives in this process alone, so notifications raised outside any
   * transaction can go straight to its listeners without a statement. Absent on PostgreSQL,
   * whose other instances only a NOTIFY reaches.
   */
  deliverHere?: (channel: string, payloads: readonly string[]) => void;
  /**
   * The embedded database's files as a tarball, which `loadDataDir` starts another one from:
   * the tests migrate once and copy the result. Absent on PostgreSQL.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** How the job queue (jobs/) reaches this database: the embedded one through its one connection, PostgreSQL through a small pool of its own. */
  jobQueue: JobQueueConnection;
  /**
   * The job queue's tables were installed as this database opened: work queued before them (emails
   * still queued, refunds still owed) has no job yet, and the app queues one for each once
   * (plugins/jobs.ts).
   */
  jobQueueNew?: boolean;
  /** The connection pool's use now, for the metrics; absent on the embedded database, which has one connection. */
  poolUse?: () => PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, idle or lent out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection to be free. */
  waiting: number;
}

export type JobQueueConnection = Pick<ConstructorOptions, 'db' | 'connectionString' | 'max' | 'application_name'>;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory. */
  dataDir?: string;
  /** Files to start the embedded database from (see Database.dumpDataDir): in memory, or written into a new `dataDir`. */
  loadDataDir?: Blob;
  logger?: FastifyBaseLogger;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? SERVER_POOL_SIZE, options.logger)
    : await openPglite(options.dataDir, options.loadDataDir);
  try {
    const existed = await hasJobQueue(database.db);
    await installJobQueue(database.jobQueue);
    return { ...database, jobQueueNew: !existed };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The embedded database, started and migrated; closed again if that fails. */
async function startPglite(dataDir?: string, loadDataDir?: Blob) {
  // Dispatch's distances need cube and earthdistance (decision 008), the admin searches pg_trgm;
  // PostgreSQL ships them as contrib modules.
  const extensions = { cube, earthdistance, pg_trgm };
  const client = await PGlite.create({ dataDir, extensions, loadDataDir });
  try {
    await client.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    // Files loaded from a migrated database only have their journal checked.
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { client, db };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const { client, db } = await startPglite(dataDir, loadDataDir).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const handlers = new Map<string, Set<NotificationHandler>>();
  return {
    kind: 'pglite',
    db,
    statements: pgliteStatements(client),
    // The in-process listener cannot be lost, so onLost never runs.
    async listen(channel, handler, hooks) {
      const stop = await client.listen(channel, handler);
      const ofChannel = handlers.get(channel) ?? new Set();
      handlers.set(channel, ofChannel.add(handler));
      hooks?.onListening?.();
      return async () => {
        ofChannel.delete(handler);
        await stop();
      };
    },
    deliverHere(channel, payloads) {
      for (const handler of handlers.get(channel) ?? []) for (const payload of payloads) handler(payload);
    },
    // The one in-process connection hands a transaction's notifications over before its commit returns.
    caughtUp: () => Promise.resolve(),
    dumpDataDir: () => client.dumpDataDir('none'),
    jobQueue: { db: fromPglite(client) },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** A server's PostgreSQL pool (the job queue and the realtime listener have their own connections). */
export const SERVER_POOL_SIZE = 10;

/** How the listening connection shows in pg_stat_activity, where an operator (or a test) finds it. */
export const LISTENER_APPLICATION_NAME = 'chopchop listener';
/** How the job queue's connections show in pg_stat_activity. */
const JOB_QUEUE_APPLICATION_NAME = 'chopchop jobs';
/** The job queue's pool: a worker's claim and completion are short statements, and one connection listens. */
const JOB_QUEUE_POOL_SIZE = 4;

/**
 * The app's prepared statements (named, planned once per connection) are the hot reads and
 * dispatch's searches, whose planning cost PostgreSQL more than running them; the planner kept
 * choosing a custom plan for each run of the searches, though their generic plans scan the same
 * indexes. Statements that are not prepared are planned for each run whatever this says.
 */
const PLAN_CACHE_MODE = 'force_generic_plan';

/** Only one instance may migrate at a time when several start together. */
const MIGRATION_LOCK = 72_514_001;

async function openPostgres(url: string, poolSize: number, logger?: FastifyBaseLogger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c plan_cache_mode=${PLAN_CACHE_MODE}` });
  pool.on('error', (err) => logger?.error({ err }, 'idle database connection failed'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }

  const listeners = new Map<string, Set<NotificationHandler>>();
  const hooksOfListeners = new Set<ListenerHooks>();
  let listenClient: pg.PoolClient | undefined;
  // The connecting itself is shared, so that callers arriving while it is under way (a read's
  // caughtUp and the reconnect timer) never open a second listening connection.
  let listenerReady: Promise<pg.PoolClient> | undefined;
  let closed = false;

  const connectListener = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    // Set at once, so that a drop while the LISTENs below are under way is handled as any other.
    listenClient = client;
    client.on('notification', (msg) => {
      for (const handler of listeners.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    client.on('error', (err) => {
      if (closed || client !== listenClient) return;
      logger?.error({ err }, 'realtime listener connection lost; reconnecting');
      listenClient = undefined;
      listenerReady = undefined;
      client.release(err);
      for (const hooks of hooksOfListeners) hooks.onLost?.();
      reconnectLater();
    });
    await client.query(`SET application_name = ${pg.escapeLiteral(LISTENER_APPLICATION_NAME)}`);
    for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (listeners.size > 0) for (const hooks of hooksOfListeners) hooks.onListening?.();
    return client;
  };
  // Tries again until the database answers: listeners hear nothing meanwhile.
  const reconnectLater = () =>
    setTimeout(() => {
      if (!closed) ensureListener().catch(reconnectLater);
    }, 1000);
  const ensureListener = () => {
    if (!listenerReady) {
      const ready = connectListener();
      listenerReady = ready;
      ready.catch(() => {
        if (listenerReady === ready) listenerReady = undefined;
      });
    }
    return listenerReady;
  };

  return {
    kind: 'postgres',
    db,
    statements: nodePostgresStatements(pool),
    // A committing backend signals the listening one before the commit returns, and that one sends
    // pending notifications before it reads its next query: once a query on the listening
    // connection answers, every notification committed before it was sent has been handled.
    caughtUp: sharedRoundTrip(async () => {
      await (await ensureListener()).query('select 1');
    }),
    async listen(channel, handler, hooks) {
      const client = await ensureListener();
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      handlers.add(handler);
      if (hooks) {
        hooksOfListeners.add(hooks);
        hooks.onListening?.();
      }
      return async () => {
        handlers.delete(handler);
        if (hooks) hooksOfListeners.delete(hooks);
      };
    },
    jobQueue: { connectionString: url, max: JOB_QUEUE_POOL_SIZE, application_name: JOB_QUEUE_APPLICATION_NAME },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      const client = listenClient;
      listenClient = undefined;
      client?.release();
      await pool.end();
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
