/**
 * The public catalog (the restaurant list, each restaurant, each menu) as the response cache
 * names it. The triggers of migration 0019_announce_catalog_changes NOTIFY CATALOG_CHANNEL with a
 * restaurant's id whenever a change to it or its menu commits, or with '*' when a table is emptied.
 */
export const CATALOG_CHANNEL = 'catalog';
export const EVERYTHING_CHANGED = '*';

export const catalogKeys = {
  list: 'restaurants',
  restaurant: (id: string) => `restaurant:${id}`,
  menu: (id: string) => `menu:${id}`,
};

/** What a change to one restaurant or its menu may alter. */
export const keysChangedWith = (restaurantId: string) => [
  catalogKeys.list,
  catalogKeys.restaurant(restaurantId),
  catalogKeys.menu(restaurantId),
];
