import { queryOptions } from '@tanstack/react-query';
import { heatmapSchema, type HeatmapPeriod } from '@shared/admin/heatmap.js';
import { api } from '@/lib/api.js';
import { ADMIN_REFETCH_MS } from '../useAllOrderEvents.js';

/** The map of every period, for invalidating them together. */
export const HEATMAP_KEY = ['admin', 'heatmap'] as const;

/** The map of one period, read again after order events (useAllOrderEvents). */
export const heatmapQuery = (period: HeatmapPeriod) =>
  queryOptions({
    queryKey: [...HEATMAP_KEY, period],
    queryFn: ({ signal }) => api(`/api/admin/heatmap?period=${period}`, { schema: heatmapSchema, signal }),
    refetchInterval: ADMIN_REFETCH_MS,
  });
