import { z } from 'zod';
import { optionalText, requiredText, uuidSchema } from '../fields.js';
import { toMajorString } from '../money.js';
import { optionGroupSchema, optionGroupsFormSchema, optionGroupsFormValues } from './options.js';
import { priceField } from './price.js';
import { choicesSoldOutSchema, soldOutUntilSchema } from './soldOut.js';

export const MENU_MESSAGES = {
  nameRequired: 'Item name is required',
  imageNotOwn: "Upload the food image here: a menu item shows only pictures from its restaurant's own uploads",
  itemNotFound: 'Menu item not found',
  orderStale: 'The menu changed while you were arranging it. Please try again.',
  added: 'Menu item added successfully',
  updated: 'Menu item updated successfully',
  deleted: 'Menu item deleted successfully',
  reordered: 'Menu order saved',
  confirmDelete: 'Are you sure you want to delete this item?',
  empty: 'No menu items yet. Add your first item to get started!',
  loadFailed: 'Failed to load the menu',
} as const;

/** A menu item as customers see it; price in minor units. */
const publicMenuItemSchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  category: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Its groups of choices, in the owner's order; a choice that cannot be had now is kept, marked unavailable. */
  optionGroups: z.array(optionGroupSchema),
  /** Sold out for today until this instant (the restaurant's next day's opening); null when not. Shown greyed, never hidden. */
  soldOutUntil: soldOutUntilSchema,
  /** Choices sold out for today, each until when, by choice id. */
  choicesSoldOut: choicesSoldOutSchema,
});
export type PublicMenuItem = z.infer<typeof publicMenuItemSchema>;

export const publicMenuSchema = z.array(publicMenuItemSchema);

/** A menu item as its owner sees it: available or not, in the owner's order. */
export const ownMenuItemSchema = publicMenuItemSchema.extend({ isAvailable: z.boolean(), position: z.number().int() });
export type OwnMenuItem = z.infer<typeof ownMenuItemSchema>;
export const ownMenuSchema = z.array(ownMenuItemSchema);

const emptyAsNull = (value: string) => value || null;

/**
 * The 'Add Menu Item' / 'Edit Menu Item' form and the body of its create and update calls: the
 * form and the server check the same rules. `imageUrl` is the url an upload to the restaurant's
 * food-images folder answered.
 */
export const menuItemFormSchema = z.object({
  name: requiredText(120, MENU_MESSAGES.nameRequired),
  description: optionalText(1000).default('').transform(emptyAsNull),
  price: priceField(),
  category: optionalText(60).default('').transform(emptyAsNull),
  imageUrl: optionalText(300).default('').transform(emptyAsNull),
  isAvailable: z.boolean().default(true),
  optionGroups: optionGroupsFormSchema,
});
export type MenuItemFormInput = z.input<typeof menuItemFormSchema>;
export type MenuItemInput = z.output<typeof menuItemFormSchema>;

/** An item (stored, or checked by the form) as the form's text values: the price as '12.10', never a float. */
export function menuItemFormValues(item: MenuItemInput) {
  return {
    name: item.name,
    description: item.description ?? '',
    price: toMajorString(item.price),
    category: item.category ?? '',
    imageUrl: item.imageUrl ?? '',
    isAvailable: item.isAvailable,
    optionGroups: optionGroupsFormValues(item.optionGroups),
  };
}

export const menuItemParamsSchema = z.object({
  id: uuidSchema('That is not a valid restaurant id'),
  itemId: uuidSchema('That is not a valid menu item id'),
});

/** The whole menu in its new order: every item of the restaurant, each once. */
export const menuOrderSchema = z.object({
  itemIds: z.array(uuidSchema('That is not a valid menu item id')).max(1000, 'A menu holds at most 1000 items'),
});
