import { queryOptions } from '@tanstack/react-query';
import { heatmapSchema, type HeatmapPeriod } from '@shared/admin/heatmap.js';
import { api } from '@/lib/api.js';

/** The admin screens stay open for hours: the map is read again every minute, as the overview is. */
const REFRESH_MS = 60_000;

export const heatmapQuery = (period: HeatmapPeriod) =>
  queryOptions({
    queryKey: ['admin', 'heatmap', period],
    queryFn: ({ signal }) => api(`/api/admin/heatmap?period=${period}`, { schema: heatmapSchema, signal }),
    refetchInterval: REFRESH_MS,
  });
