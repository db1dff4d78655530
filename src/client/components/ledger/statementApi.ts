import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { statementSchema, type StatementPeriod } from '@shared/ledger/statement.js';
import { api } from '@/lib/api.js';

/**
 * A statement of the ledger, a restaurant's (/api/restaurants/:id/statement) or the signed-in
 * rider's (/api/drivers/me/statement): pages of entries for a period and a currency, and the
 * same period as a CSV download.
 */

/** Every statement of one account starts with this key. */
export const statementKey = (path: string) => ['statement', path] as const;

function search(period: StatementPeriod, currency: string | null, cursor?: string | null) {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  if (currency) params.set('currency', currency);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The period's entries, oldest first, a page at a time; each page carries the balances and the currencies. */
export const statementQuery = (path: string, period: StatementPeriod, currency: string | null) =>
  infiniteQueryOptions({
    queryKey: [...statementKey(path), period.from, period.to, currency],
    queryFn: ({ pageParam, signal }) =>
      api(`${path}?${search(period, currency, pageParam)}`, { schema: statementSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Its topic is followed only while the statement is open: opened again, it reads what changed meanwhile.
    staleTime: 0,
  });

/** Where the whole period downloads as CSV. */
export const statementCsvPath = (path: string, period: StatementPeriod, currency: string | null) =>
  `${path}.csv?${search(period, currency)}`;

/**
 * Downloads the CSV with the session's token (a plain link would go without it) and hands it to
 * the browser as a file.
 */
export async function downloadStatementCsv(csvPath: string, filename: string): Promise<void> {
  const text = await api(csvPath, { schema: z.string() });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
