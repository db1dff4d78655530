/**
 * The rows of `db.execute(sql...)`: both drivers answer `{ rows }` (node-postgres' QueryResult,
 * PGlite's Results), which the union type of the two databases cannot say. Declare them in `Row`.
 */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
