import { queryOptions } from '@tanstack/react-query';
import { operationsSchema } from '@shared/admin/operations.js';
import { orderMovedSchema } from '@shared/orders/views.js';
import { api } from '@/lib/api.js';
import { ADMIN_REFETCH_MS } from '../useAllOrderEvents.js';

export const OPERATIONS_KEY = ['admin', 'operations'] as const;

/** The live operations view, kept up to date by its events (useOperationsEvents) and read again every 5 minutes as a safety net. */
export const operationsQuery = () =>
  queryOptions({
    queryKey: OPERATIONS_KEY,
    queryFn: ({ signal }) => api('/api/admin/operations', { schema: operationsSchema, signal }),
    refetchInterval: ADMIN_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

/** Support takes an accepted order back from its rider: it waits for a rider again. */
export const takeBackOrder = (orderId: string) =>
  api(`/api/admin/orders/${orderId}/take-back`, { method: 'POST', schema: orderMovedSchema });
