import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Queryable } from './client.js';
import { rowsOf } from './rows.js';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * When the newest migration this build ships was generated: drizzle records each migration it
 * applies with that time (`created_at`), and applies those newer than the newest it recorded.
 */
const newestShippedMigration = Math.max(
  ...(
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }
  ).entries.map((entry) => entry.when),
);

/**
 * Whether the database has every migration this build ships: drizzle's record of those it applied
 * (drizzle.__drizzle_migrations) reaches the journal's newest. It does not while another instance
 * still migrates it, or when it was restored from an older backup.
 */
export async function migrationsApplied(db: Queryable): Promise<boolean> {
  const [record] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!record?.present) return false;
  const [row] = rowsOf<{ newest: string | number | null }>(
    await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
  );
  return row?.newest != null && Number(row.newest) >= newestShippedMigration;
}
