import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.js';

const MAX_RETRIES = 2;

/** Retry only what may succeed next time: network trouble and server errors, never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The app's one cache of server state; realtime events invalidate its queries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
