import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { asReplica } from '../database.js';

/** Where the copies live: a schema of their own, next to the app's tables in `public`. */
const SNAPSHOT_SCHEMA = 'fuzz_snapshot';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A copy of every table of the app, to put the database back as it was between the routes of a
 * fuzz run, so that what one route's requests change (an admin demoting or disabling a user, a
 * restaurant suspended, an order delivered) does not take real work away from the routes after
 * it. Restoring deletes every row and copies the snapshot's back as a replica (asReplica in
 * ../database.ts): no table order matters, no trigger counts a row twice (the heatmap) or
 * announces a deleted user, and the public cache hears that everything changed. Rows keep their
 * ids, identity columns too (ledger_entries'), overriding what those would generate.
 *
 * Tokens are the one thing a restore cannot take back: each instance remembers the revocations it
 * heard of (auth/revocation.ts). So a user's token version is never lowered, and restore answers
 * whose tokens were outdated or whose sessions were ended since the snapshot: those need new ones.
 */
export interface DatabaseSnapshot {
  /** Puts every table back; returns the ids of the snapshot's users whose access tokens no longer hold. */
  restore(): Promise<string[]>;
  /** Takes these tables again as they are now (the new sessions of those users, for the next restore). */
  retake(tables: readonly string[]): Promise<void>;
}

export async function snapshotDatabase(database: Database): Promise<DatabaseSnapshot> {
  const { db } = database;
  const result = await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by c.relname`);
  const tables = rowsOf<{ name: string }>(result).map(({ name }) => name);
  if (!tables.includes('users') || !tables.includes('refresh_tokens')) throw new Error('snapshot: no users to restore');

  await db.execute(
    sql.raw(`do $snapshot$ begin
      drop schema if exists ${SNAPSHOT_SCHEMA} cascade;
      create schema ${SNAPSHOT_SCHEMA};
      ${tables.map((table) => `create table ${SNAPSHOT_SCHEMA}.${quote(table)} as table public.${quote(table)};`).join('\n')}
    end $snapshot$`),
  );

  return {
    async restore() {
      return db.transaction(async (tx) => {
        // Who lost their tokens: a raised version, or a session ended (signed out, disabled, a refresh token reused).
        const outdated = await tx.execute(
          sql.raw(`
            select u.id from public.users u join ${SNAPSHOT_SCHEMA}.users s on s.id = u.id
            where u.token_version <> s.token_version
            union
            select r.user_id from public.refresh_tokens r join ${SNAPSHOT_SCHEMA}.users s on s.id = r.user_id
            where r.revoked_at is not null`),
        );
        await tx.execute(
          sql.raw(
            asReplica(`create temporary table fuzz_token_versions on commit drop as select id, token_version from public.users;
              ${tables.map((table) => `delete from public.${quote(table)};`).join('\n')}
              ${tables.map((table) => `insert into public.${quote(table)} overriding system value select * from ${SNAPSHOT_SCHEMA}.${quote(table)};`).join('\n')}
              update public.users u set token_version = v.token_version
                from fuzz_token_versions v where v.id = u.id and v.token_version > u.token_version;`),
          ),
        );
        return rowsOf<{ id: string }>(outdated).map(({ id }) => id);
      });
    },
    async retake(retaken) {
      await db.execute(
        sql.raw(`do $retake$ begin
          ${retaken
            .map(quote)
            .map(
              (table) =>
                `truncate ${SNAPSHOT_SCHEMA}.${table}; insert into ${SNAPSHOT_SCHEMA}.${table} select * from public.${table};`,
            )
            .join('\n')}
        end $retake$`),
      );
    },
  };
}
