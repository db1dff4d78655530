import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { ledgerBalancePageSchema, ledgerCheckSchema } from '@shared/ledger/books.js';
import { api } from '@/lib/api.js';

/** Runs the ledger check: every transaction sums to zero, and so does the whole ledger. */
export const checkLedger = () => api('/api/admin/ledger/check', { schema: ledgerCheckSchema });

/** Every account's balance, found by owner or account name (all of them for an empty search), a page at a time. */
export const ledgerBalancesQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'ledger', 'balances', search],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...(pageParam ? { cursor: pageParam } : {}) });
      return api(`/api/admin/ledger/balances?${query.toString()}`, { schema: ledgerBalancePageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The table in view stays until the search's answer replaces it, as in the other admin lists.
    placeholderData: keepPreviousData,
  });
