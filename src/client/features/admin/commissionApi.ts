import { queryOptions } from '@tanstack/react-query';
import { commissionSettingsSchema, type CommissionUpdate } from '@shared/admin/commission.js';
import { api } from '@/lib/api.js';

export const commissionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'commission'],
    queryFn: ({ signal }) => api('/api/admin/commission', { schema: commissionSettingsSchema, signal }),
  });

export const updateCommission = (body: CommissionUpdate) =>
  api('/api/admin/commission', { method: 'PUT', body, schema: commissionSettingsSchema });
