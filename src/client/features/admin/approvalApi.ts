import { queryOptions } from '@tanstack/react-query';
import { restaurantApprovalSchema, type RestaurantApproval } from '@shared/admin/approval.js';
import { api } from '@/lib/api.js';

export const approvalQuery = () =>
  queryOptions({
    queryKey: ['admin', 'approval'],
    queryFn: ({ signal }) => api('/api/admin/approval', { schema: restaurantApprovalSchema, signal }),
  });

export const updateApproval = (body: RestaurantApproval) =>
  api('/api/admin/approval', { method: 'PUT', body, schema: restaurantApprovalSchema });
