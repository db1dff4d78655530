import { queryOptions } from '@tanstack/react-query';
import { deliverySettingsViewSchema, type DeliverySettings } from '@shared/admin/delivery.js';
import { api } from '@/lib/api.js';

export const deliverySettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'delivery-settings'],
    queryFn: ({ signal }) => api('/api/admin/delivery-settings', { schema: deliverySettingsViewSchema, signal }),
  });

export const updateDeliverySettings = (body: DeliverySettings) =>
  api('/api/admin/delivery-settings', { method: 'PUT', body, schema: deliverySettingsViewSchema });
