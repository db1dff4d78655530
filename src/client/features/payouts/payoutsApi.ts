import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PayoutRecipientType, PayoutStatus } from '@shared/payouts/kinds.js';
import { isMobileMoneyCountry } from '@shared/payouts/countries.js';
import {
  payEveryoneResultSchema,
  payoutAccountViewSchema,
  payoutBalancesSchema,
  payoutBankListSchema,
  payoutDuePageSchema,
  payoutPageSchema,
  payoutResolvedSchema,
  payoutViewSchema,
  type PayEveryone,
  type PayoutAccountInput,
  type PayoutCreate,
  type PayoutDue,
} from '@shared/payouts/schemas.js';
import { api } from '@/lib/api.js';

/** Where a payee's payout account is read and saved: a restaurant's (by its owner) or the signed-in rider's. */
export type PayoutAccountPath = `/api/restaurants/${string}/payout-account` | '/api/drivers/me/payout-account';

export const restaurantPayoutAccountPath = (restaurantId: string): PayoutAccountPath =>
  `/api/restaurants/${encodeURIComponent(restaurantId)}/payout-account`;
export const RIDER_PAYOUT_ACCOUNT_PATH: PayoutAccountPath = '/api/drivers/me/payout-account';

/** The banks, or a country's mobile money providers, Paystack pays out to for one kind of account. */
export const payoutBanksQuery = (recipientType: PayoutRecipientType, country: string) => {
  const mobileMoneyCountry = recipientType === 'mobile_money' && isMobileMoneyCountry(country) ? country : null;
  return queryOptions({
    queryKey: ['payouts', 'banks', recipientType, mobileMoneyCountry],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ recipientType, ...(mobileMoneyCountry ? { country: mobileMoneyCountry } : {}) });
      return api(`/api/payouts/banks?${query.toString()}`, { schema: payoutBankListSchema, signal });
    },
    // Paystack's list of banks and providers changes rarely.
    staleTime: 60 * 60_000,
  });
};

/** Asks Paystack whose account this is; a 422 carries the reason it could not say. */
export const resolvePayoutAccount = (body: PayoutAccountInput) =>
  api('/api/payouts/resolve', { method: 'POST', body, schema: payoutResolvedSchema });

/** The saved payout account (every field null before one is saved). */
export const payoutAccountQuery = (path: PayoutAccountPath) =>
  queryOptions({
    queryKey: ['payouts', 'account', path],
    queryFn: ({ signal }) => api(path, { schema: payoutAccountViewSchema, signal }),
  });

export const savePayoutAccount = (path: PayoutAccountPath, body: PayoutAccountInput) =>
  api(path, { method: 'PUT', body, schema: payoutAccountViewSchema });

/** Every query of the admin's Payouts page: refreshed together after each action. */
export const ADMIN_PAYOUTS_KEY = ['admin', 'payouts'] as const;

/**
 * While a payout is under way its status is Paystack's to change: the payouts topic tells the page
 * at once (PayoutsPage), and the page asks again this often in case an event was lost (decision 006).
 */
const OPEN_PAYOUT_REFETCH_MS = 60_000;
const OPEN_STATUSES: readonly PayoutStatus[] = ['queued', 'pending', 'otp'];
const isOpenStatus = (status: PayoutStatus) => OPEN_STATUSES.includes(status);

/** Paystack's balance in each currency. */
export const payoutBalanceQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_PAYOUTS_KEY, 'balance'],
    queryFn: ({ signal }) => api('/api/admin/payouts/balance', { schema: payoutBalancesSchema, signal }),
  });

const pageParams = (params: Record<string, string | null>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));

const duePage = (search: string, cursor: string | null, signal?: AbortSignal, limit?: number) =>
  api(`/api/admin/payouts/due?${pageParams({ q: search, cursor, limit: limit ? String(limit) : null }).toString()}`, {
    schema: payoutDuePageSchema,
    signal,
  });

/** Who is owed money, by name, found by the server (everyone for an empty search), a page at a time. */
export const payoutsDueQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_PAYOUTS_KEY, 'due', search],
    queryFn: ({ pageParam, signal }) => duePage(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.openPayout)) ? OPEN_PAYOUT_REFETCH_MS : false,
  });

/** Everyone owed money, every page: what 'Pay everyone due' would pay is summed from it before asking. */
export async function allPayoutsDue(): Promise<PayoutDue[]> {
  const all: PayoutDue[] = [];
  let cursor: string | null = null;
  do {
    const page = await duePage('', cursor, undefined, 50);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Payouts, newest first, all of them or those of one status. */
export const payoutsQuery = (status: PayoutStatus | null) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_PAYOUTS_KEY, 'list', status],
    queryFn: ({ pageParam, signal }) =>
      api(`/api/admin/payouts?${pageParams({ status, cursor: pageParam }).toString()}`, { schema: payoutPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => isOpenStatus(item.status)))
        ? OPEN_PAYOUT_REFETCH_MS
        : false,
  });

/** Pays one payee all they are owed in a currency. */
export const startPayout = (body: PayoutCreate) => api('/api/admin/payouts', { method: 'POST', body, schema: payoutViewSchema });

/** Pays everyone owed in a currency who has a payout account and no payout under way. */
export const payEveryone = (body: PayEveryone) =>
  api('/api/admin/payouts/everyone', { method: 'POST', body, schema: payEveryoneResultSchema });

/** Sends the OTP Paystack asked for to release a transfer. */
export const submitPayoutOtp = (id: string, otp: string) =>
  api(`/api/admin/payouts/${encodeURIComponent(id)}/otp`, { method: 'POST', body: { otp }, schema: payoutViewSchema });

export const resendPayoutOtp = (id: string) =>
  api(`/api/admin/payouts/${encodeURIComponent(id)}/otp/resend`, { method: 'POST', schema: payoutViewSchema });
