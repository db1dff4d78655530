import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { statementFilename, type Statement, type StatementQuery } from '@shared/ledger/statement.js';
import type { Database } from '../db/client.js';
import { readStatement, readWholeStatement, type StatementOwner } from './statement.js';
import { statementCsvLines } from './statementCsv.js';

/**
 * The answer of a statement route: a page of JSON, or with format=csv (or the .csv route) the
 * whole period as a CSV download named for `name` (the restaurant's, or 'earnings'). The caller
 * has already asked the policy.
 */
export async function replyStatement(
  database: Database,
  reply: FastifyReply,
  owner: StatementOwner,
  query: StatementQuery,
  name: string,
): Promise<Statement | undefined> {
  if (query.format === 'json') {
    const { next: _next, ...page } = await readStatement(database, owner, query);
    return page;
  }
  const { first, rest } = await readWholeStatement(database, owner, query);
  // Awaiting the reply (Fastify's way for a handler that sent it itself) waits until the file is written.
  await reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${statementFilename(name, first)}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(statementCsvLines(first, rest)));
  return undefined;
}
