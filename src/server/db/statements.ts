import { sql, type SQL } from 'drizzle-orm';

/**
 * Hand-written SQL for the few statements an ORM query builder cannot express well (the checkout
 * writes order, lines and payment in one statement), run through each driver's public API:
 *
 * - node-postgres: `pool.query({ name, text, values })`, a named prepared statement. Each pooled
 *   connection parses and plans it once, the first time it runs there, and afterwards sends only
 *   the values: no extra round trip, ever.
 * - PGlite: `query(text, params)`, the extended protocol of its one in-process connection.
 *
 * Statements run on their own, outside any transaction (each is its own transaction), so a
 * statement that writes several tables must be one statement; `statementsIn` runs the same
 * statements inside a drizzle transaction, for the few that also serve a longer one. Rows come back as the drivers parse
 * them (int4 and float8 as numbers, uuid and text as strings); declare them in `Row`.
 */

/** A named statement whose text never varies; values go in `$1..$n`. */
export interface Statement<Params extends readonly unknown[], Row> {
  readonly name: string;
  readonly text: string;
  /** Carries the parameter and row types only; never set. */
  readonly types?: { params: Params; row: Row };
}

/** Declares a statement; the name must be unique across the app (it names the prepared statement). */
export const statement = <Params extends readonly unknown[], Row>(name: string, text: string): Statement<Params, Row> => ({
  name,
  text,
});

/** Runs declared statements on the database and answers their rows. */
export interface StatementRunner {
  run<Params extends readonly unknown[], Row>(statement: Statement<Params, Row>, params: Params): Promise<Row[]>;
}

interface NodePostgresQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PgliteQueryable {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

export const nodePostgresStatements = (pool: NodePostgresQueryable): StatementRunner => ({
  async run<Params extends readonly unknown[], Row>(statement: Statement<Params, Row>, params: Params) {
    const result = await pool.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as Row[];
  },
});

export const pgliteStatements = (client: PgliteQueryable): StatementRunner => ({
  async run<Params extends readonly unknown[], Row>(statement: Statement<Params, Row>, params: Params) {
    const result = await client.query(statement.text, [...params]);
    return result.rows as Row[];
  },
});

/** What `statementsIn` needs of a drizzle database or transaction. */
interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** The statement's text with its `$n` placeholders bound to drizzle parameters. */
function bound(text: string, params: readonly unknown[]): SQL {
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((part, index) => {
    query.append(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`);
  });
  return query;
}

/**
 * Runs declared statements through drizzle inside `tx` (a transaction, or the database itself),
 * unnamed: planned on each run, so only for statements off the hot path there.
 */
export const statementsIn = (tx: SqlExecutor): StatementRunner => ({
  async run<Params extends readonly unknown[], Row>(statement: Statement<Params, Row>, params: Params) {
    const result = (await tx.execute(bound(statement.text, params))) as { rows: Row[] };
    return result.rows;
  },
});
