import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { JobQueueConnection, Queryable } from './client.js';
import { rowsOf } from './rows.js';

/** Whether the job queue's tables exist yet: they do not in a database from before decision 018. */
export async function hasJobQueue(db: Queryable): Promise<boolean> {
  const [row] = rowsOf<{ installed: boolean }>(
    await db.execute(sql`select to_regclass('pgboss.job') is not null as "installed"`),
  );
  return row?.installed ?? false;
}

/**
 * Installs the job queue's tables (schema pgboss, decision 018) beside ours, or brings them up to
 * the installed pg-boss's version: pg-boss holds an advisory lock while it does, so instances
 * starting together take turns. The app's job queue then starts without touching the schema.
 */
export async function installJobQueue(connection: JobQueueConnection): Promise<void> {
  const boss = new PgBoss({ ...connection, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}
