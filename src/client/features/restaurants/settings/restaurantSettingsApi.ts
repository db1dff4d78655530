import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { RestaurantBody } from '@shared/restaurants/form.js';
import { pendingInvitationListSchema, pendingInvitationSchema } from '@shared/restaurants/invitations.js';
import { managerListSchema } from '@shared/restaurants/managers.js';
import { ownRestaurantSchema } from '@shared/restaurants/schemas.js';
import { UPLOAD_FIELD, uploadResultSchema } from '@shared/storage/schemas.js';
import { api } from '@/lib/api.js';

/** Uploads a cover picture to the food-images bucket; its address goes into the restaurant's form. */
export async function uploadCoverImage(file: File): Promise<string> {
  const formData = new FormData();
  formData.append(UPLOAD_FIELD, file);
  return (await api('/api/storage/food-images', { method: 'POST', formData, schema: uploadResultSchema })).url;
}

export const setUpRestaurant = (body: RestaurantBody) =>
  api('/api/restaurants', { method: 'POST', body, schema: ownRestaurantSchema });

export const saveRestaurant = (id: string, body: RestaurantBody) =>
  api(`/api/restaurants/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: ownRestaurantSchema });

const managersPath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/managers`;

export const managersQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'managers'],
    queryFn: ({ signal }) => api(managersPath(restaurantId), { schema: managerListSchema, signal }),
  });

export const removeManager = (restaurantId: string, userId: string) =>
  api(`${managersPath(restaurantId)}/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: z.undefined() });

const invitationsPath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/invitations`;

export const invitationsQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'invitations'],
    queryFn: ({ signal }) => api(invitationsPath(restaurantId), { schema: pendingInvitationListSchema, signal }),
  });

export const inviteManager = (restaurantId: string, email: string) =>
  api(invitationsPath(restaurantId), { method: 'POST', body: { email }, schema: pendingInvitationSchema });

export const withdrawInvitation = (restaurantId: string, invitationId: string) =>
  api(`${invitationsPath(restaurantId)}/${encodeURIComponent(invitationId)}`, { method: 'DELETE', schema: z.undefined() });
