import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/auth/roles.js';
import type { Queryable } from '../db/client.js';
import { menuItems, profiles, restaurants, userRoles, users } from '../db/schema.js';
import { nextPosition } from '../menu/repository.js';

/** Test and benchmark data for the restaurant side: rows written straight into the database. */

/**
 * An account that can never sign in (no real password hash): for benchmarks that need many
 * users and sign their access tokens directly instead of paying for argon2.
 */
export async function insertAccountWithoutPassword(db: Queryable, role: Role): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `${role}-${randomBytes(6).toString('hex')}@bench.local`, passwordHash: 'no-password' })
    .returning({ id: users.id });
  if (!user) throw new Error('insertAccountWithoutPassword returned no row');
  await db.insert(profiles).values({ id: user.id, fullName: `Bench ${role}`, phone: '+233 20 000 0000' });
  await db.insert(userRoles).values({ userId: user.id, role });
  return user.id;
}

export type RestaurantFixture = Partial<typeof restaurants.$inferInsert> & { ownerId: string };
export type MenuItemFixture = Partial<typeof menuItems.$inferInsert> & { restaurantId: string };

export async function insertRestaurant(db: Queryable, fields: RestaurantFixture) {
  const [row] = await db
    .insert(restaurants)
    .values({
      name: `Chop House ${randomBytes(3).toString('hex')}`,
      description: 'Jollof, waakye and grilled tilapia',
      address: '12 Oxford Street, Osu, Accra',
      phone: '+233 30 123 4567',
      country: 'Ghana',
      currencySymbol: 'GH₵',
      latitude: 5.556,
      longitude: -0.1826,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('insertRestaurant returned no row');
  return row;
}

export async function insertMenuItem(db: Queryable, fields: MenuItemFixture) {
  const [row] = await db
    .insert(menuItems)
    .values({
      name: 'Jollof Rice',
      description: 'With chicken',
      price: 4500,
      category: 'Main Course',
      position: nextPosition(fields.restaurantId),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('insertMenuItem returned no row');
  return row;
}

/** The set-up form of a restaurant in Accra, as the owner's browser sends it to POST /api/restaurants or PATCH /:id. */
export const accraRestaurantForm = (fields: Record<string, unknown> = {}) => ({
  name: 'Osu Kitchen',
  description: '',
  address: '12 Oxford Street, Osu, Accra',
  phone: '+233 30 123 4567',
  country: 'Ghana',
  currencySymbol: 'GH₵',
  location: { latitude: 5.556, longitude: -0.1826 },
  imageUrl: null,
  ...fields,
});
