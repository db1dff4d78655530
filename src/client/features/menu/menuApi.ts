import { z } from 'zod';
import {
  menuItemFormValues,
  ownMenuItemSchema,
  ownMenuSchema,
  type MenuItemInput,
  type OwnMenuItem,
} from '@shared/menu/schemas.js';
import { UPLOAD_FIELD, uploadResultSchema } from '@shared/storage/schemas.js';
import { api } from '@/lib/api.js';
import { menuItemsPath } from '@/lib/restaurantsApi.js';

/** Uploads a food picture into the restaurant's folder and answers the url to store on the item. */
async function uploadFoodImage(restaurantId: string, file: File): Promise<string> {
  const formData = new FormData();
  formData.append(UPLOAD_FIELD, file);
  const stored = await api(`/api/storage/food-images?folder=${encodeURIComponent(restaurantId)}`, {
    method: 'POST',
    formData,
    schema: uploadResultSchema,
  });
  return stored.url;
}

export interface SaveMenuItem {
  restaurantId: string;
  /** Absent for a new item. */
  itemId?: string;
  /** The form's checked values; sent back as text, which the server checks with the same schema. */
  values: MenuItemInput;
  /** A newly picked picture, uploaded first. */
  image: File | null;
}

export async function saveMenuItem({ restaurantId, itemId, values, image }: SaveMenuItem): Promise<OwnMenuItem> {
  const imageUrl = image ? await uploadFoodImage(restaurantId, image) : values.imageUrl;
  const body = menuItemFormValues({ ...values, imageUrl });
  return itemId
    ? api(`${menuItemsPath(restaurantId)}/${encodeURIComponent(itemId)}`, { method: 'PUT', body, schema: ownMenuItemSchema })
    : api(menuItemsPath(restaurantId), { method: 'POST', body, schema: ownMenuItemSchema });
}

export const deleteMenuItem = ({ restaurantId, itemId }: { restaurantId: string; itemId: string }) =>
  api(`${menuItemsPath(restaurantId)}/${encodeURIComponent(itemId)}`, { method: 'DELETE', schema: z.undefined() });

export const reorderMenu = ({ restaurantId, itemIds }: { restaurantId: string; itemIds: string[] }) =>
  api(`${menuItemsPath(restaurantId)}/order`, { method: 'PUT', body: { itemIds }, schema: ownMenuSchema });
