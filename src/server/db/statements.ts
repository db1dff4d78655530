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
 * statement that writes several tables must be one statement. Rows come back as the drivers parse
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
