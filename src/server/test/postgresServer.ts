import pg from 'pg';

/**
 * Runs `statements` in turn on the PostgreSQL server of `serverUrl`, on one connection of their
 * own to that URL's database: what must run from outside the database it changes (CREATE, DROP and
 * ALTER DATABASE) and a checkpoint. Returns the rows of the last.
 */
export async function onServer(serverUrl: string, ...statements: string[]): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    let rows: pg.QueryResultRow[] = [];
    for (const statement of statements) ({ rows } = await client.query(statement));
    return rows;
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
