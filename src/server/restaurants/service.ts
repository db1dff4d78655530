import { RESTAURANT_FORM_MESSAGES, type RestaurantBody } from '@shared/restaurants/form.js';
import { defaultTimeZone, HOURS_MESSAGES, todayIn } from '@shared/restaurants/hours.js';
import {
  RESTAURANT_MESSAGES,
  type OwnRestaurant,
  type PublicRestaurant,
  type PublicRestaurantsQuery,
  type RestaurantListItem,
} from '@shared/restaurants/schemas.js';
import { restaurantsNeedApproval, type ApprovalConfig } from './approval.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest, conflict, notFound, unprocessable } from '../http/errors.js';
import { runsKitchen } from '../policy.js';
import { isOwnUpload } from '../storage/references.js';
import type { StorageService } from '../storage/service.js';
import {
  findActiveRestaurant,
  findRestaurantForEdit,
  findOwnedRestaurant,
  findRestaurantBasics,
  insertOwnedRestaurant,
  listActiveRestaurants,
  searchActiveRestaurants,
  updateRestaurant,
  type RestaurantFields,
} from './repository.js';

/** Active restaurants, newest first, or those a search finds, best first. Inactive ones do not exist for the public. */
export const listPublicRestaurants = (db: Db, query: PublicRestaurantsQuery): Promise<RestaurantListItem[]> =>
  query.q ? searchActiveRestaurants(db, query.q) : listActiveRestaurants(db);

export async function getPublicRestaurant(db: Db, id: string): Promise<PublicRestaurant> {
  const restaurant = await findActiveRestaurant(db, id);
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.notFound);
  return restaurant;
}

/** The owner's restaurant, whether or not it is active; 'No restaurant found' before setup. */
export async function getOwnRestaurant(db: Db, owner: AuthUser): Promise<OwnRestaurant> {
  const restaurant = await findOwnedRestaurant(db, owner.userId);
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.noneYet);
  return restaurant;
}

interface RestaurantDeps {
  db: Db;
  storage: StorageService;
}

/** A cover image is an upload of whoever saves the form: a food picture or a profile picture, never an outside address. */
async function checkCoverImage(deps: RestaurantDeps, imageUrl: string | null, uploaderId: string) {
  if (imageUrl === null) return;
  if (!(await isOwnUpload(deps, imageUrl, uploaderId, ['food-images', 'profile-pictures']))) {
    throw unprocessable(RESTAURANT_FORM_MESSAGES.imageNotYours);
  }
}

/**
 * A closed date added must be today or later in the restaurant's zone (400, as the form says);
 * dates the restaurant keeps already may have passed since, and save again.
 */
function checkClosedDates(body: RestaurantBody, timeZone: string, kept: readonly string[] = []): void {
  const today = todayIn(timeZone);
  const past = (body.openingHours?.closedDates ?? []).some((date) => date < today && !kept.includes(date));
  if (past) throw badRequest(HOURS_MESSAGES.pastDate, { openingHours: HOURS_MESSAGES.pastDate });
}

const toFields = ({ location, description, ...body }: RestaurantBody): RestaurantFields => ({
  ...body,
  description: description === '' ? null : description,
  latitude: location.latitude,
  longitude: location.longitude,
});

/**
 * Opens the owner's one restaurant: public at once, or inactive until an admin activates it while
 * new restaurants wait for approval (restaurants/approval.ts). A second is refused with 409, whichever
 * request comes first.
 */
export async function setUpRestaurant(
  deps: RestaurantDeps & { config: ApprovalConfig },
  owner: AuthUser,
  body: RestaurantBody,
): Promise<OwnRestaurant> {
  if (await findOwnedRestaurant(deps.db, owner.userId)) throw conflict(RESTAURANT_FORM_MESSAGES.alreadyHasOne);
  await checkCoverImage(deps, body.imageUrl, owner.userId);
  const awaitingApproval = await restaurantsNeedApproval(deps.db, deps.config);
  const fields = { ...toFields(body), timeZone: body.timeZone ?? defaultTimeZone(body.country) };
  checkClosedDates(body, fields.timeZone);
  const restaurant = await insertOwnedRestaurant(deps.db, owner.userId, fields, awaitingApproval);
  if (!restaurant) throw conflict(RESTAURANT_FORM_MESSAGES.alreadyHasOne);
  return restaurant;
}

/**
 * The restaurant as `find` reads it, when this user runs its kitchen (its owner or an admin);
 * anyone else's id is answered as if it did not exist.
 */
async function kitchenRestaurantBy<Row>(
  db: Queryable,
  user: AuthUser,
  restaurantId: string,
  find: (db: Queryable, id: string) => Promise<Row | undefined>,
): Promise<Row> {
  const restaurant = (await runsKitchen(db, user, restaurantId)) ? await find(db, restaurantId) : undefined;
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.notFound);
  return restaurant;
}

/** The restaurant's name, picture and currency, when this user runs its kitchen; else 404. */
export function kitchenRestaurant(db: Queryable, user: AuthUser, restaurantId: string) {
  return kitchenRestaurantBy(db, user, restaurantId, findRestaurantBasics);
}

/**
 * Changes the restaurant itself; orders keep the names, prices, currency and coordinates they were
 * placed with. Its currency stays once it has taken an order (409, under the currency field).
 */
export async function editRestaurant(
  deps: RestaurantDeps,
  user: AuthUser,
  restaurantId: string,
  body: RestaurantBody,
): Promise<OwnRestaurant> {
  const current = await kitchenRestaurantBy(deps.db, user, restaurantId, findRestaurantForEdit);
  checkClosedDates(body, body.timeZone ?? current.timeZone, current.closedDates);
  if (body.imageUrl !== current.imageUrl) await checkCoverImage(deps, body.imageUrl, user.userId);
  const restaurant = await updateRestaurant(deps.db, restaurantId, toFields(body));
  if (restaurant) return restaurant;
  if (body.currencySymbol === current.currencySymbol) throw notFound(RESTAURANT_MESSAGES.notFound);
  const kept = RESTAURANT_FORM_MESSAGES.currencyKept(current.currencySymbol);
  throw conflict(kept, { currencySymbol: kept });
}
