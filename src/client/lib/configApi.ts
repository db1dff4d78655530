import { queryOptions } from '@tanstack/react-query';
import { publicConfigSchema } from '@shared/config.js';
import { api } from './api.js';

/** Browser settings from GET /api/config (map tiles, card payments); they do not change while the app runs. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api('/api/config', { schema: publicConfigSchema, auth: false, signal }),
    staleTime: Infinity,
  });
