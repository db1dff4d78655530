import { queryOptions } from '@tanstack/react-query';
import { batchingSettingsSchema, type BatchingSettings } from '@shared/drivers/batching.js';
import { api } from '@/lib/api.js';

export const batchingQuery = () =>
  queryOptions({
    queryKey: ['admin', 'batching'],
    queryFn: ({ signal }) => api('/api/admin/batching', { schema: batchingSettingsSchema, signal }),
  });

export const updateBatching = (body: BatchingSettings) =>
  api('/api/admin/batching', { method: 'PUT', body, schema: batchingSettingsSchema });
