import {
  onlineManager,
  QueryClient,
  type DefaultedQueryObserverOptions,
  type DefaultError,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { ApiError } from './apiError.js';
import { listenToConnectivity } from './connectivity.js';

const MAX_RETRIES = 2;

export interface RetryContext {
  /** Whether the browser can reach the server now (onlineManager). */
  online: boolean;
  /** Whether the query already shows data, which a failed refetch keeps. */
  hasData: boolean;
}

/**
 * Retry only what may succeed next time: network trouble and server errors, never a 4xx.
 * Offline, a query that shows data waits for the connection (its retry pauses until then)
 * while one with nothing to show fails at once, so its page says so instead of loading for ever.
 */
export function shouldRetry(failureCount: number, error: unknown, { online, hasData }: RetryContext): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (!online) return hasData;
  return failureCount < MAX_RETRIES;
}

type RetryFunction = (failureCount: number, error: unknown) => boolean;

/** A QueryClient whose default retry knows whether the query it retries holds data. */
class OfflineAwareQueryClient extends QueryClient {
  /** One function per query, so a query's options stay equal from one render to the next. */
  readonly #retries = new Map<string, RetryFunction>();

  constructor(...args: ConstructorParameters<typeof QueryClient>) {
    super(...args);
    this.getQueryCache().subscribe((event) => {
      if (event.type === 'removed') this.#retries.delete(event.query.queryHash);
    });
  }

  #retryFor(queryHash: string): RetryFunction {
    let retry = this.#retries.get(queryHash);
    if (!retry) {
      retry = (failureCount, error) =>
        shouldRetry(failureCount, error, {
          online: onlineManager.isOnline(),
          hasData: this.getQueryCache().get(queryHash)?.state.data !== undefined,
        });
      this.#retries.set(queryHash, retry);
    }
    return retry;
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.retry !== undefined) return defaulted;
    return { ...defaulted, retry: this.#retryFor(defaulted.queryHash) };
  }
}

onlineManager.setEventListener(listenToConnectivity);

/**
 * The app's one cache of server state; realtime events invalidate its queries. Queries run
 * even offline ('offlineFirst'), so the service worker can answer from what it saved, and
 * everything shown is fetched again when the connection comes back, however fresh it looked.
 * A mutation fails at once instead of waiting, unseen, for the connection to come back.
 */
export const queryClient = new OfflineAwareQueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, networkMode: 'offlineFirst', refetchOnReconnect: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
