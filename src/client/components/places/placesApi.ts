import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { savedPlaceListSchema, savedPlaceSchema, type SavePlaceInput } from '@shared/places/schemas.js';
import { api } from '@/lib/api.js';

export const SAVED_PLACES_KEY = ['places', 'mine'] as const;

/** The signed-in customer's saved places, most recently used first. */
export const savedPlacesQuery = () =>
  queryOptions({
    queryKey: SAVED_PLACES_KEY,
    queryFn: async ({ signal }) => (await api('/api/places', { schema: savedPlaceListSchema, signal })).places,
  });

export const savePlace = (place: SavePlaceInput) => api('/api/places', { method: 'POST', body: place, schema: savedPlaceSchema });

/** The place was chosen for an order just placed: it comes first next time. */
export const markPlaceUsed = (id: string) => api(`/api/places/${id}/used`, { method: 'POST', schema: savedPlaceSchema });

export const forgetPlace = (id: string) => api(`/api/places/${id}`, { method: 'DELETE', schema: z.undefined() });
