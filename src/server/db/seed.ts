import type { App } from '../app.js';
import { hashPassword } from '../auth/password.js';
import { users } from './schema.js';
import { prepareDemoImages } from './seed/images.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/people.js';
import { DEMO_RESTAURANTS } from './seed/restaurants.js';
import { writeDemo } from './seed/write.js';

export interface DemoSeedResult {
  created: boolean;
  accounts: { role: string; email: string; password: string }[];
}

/**
 * Fills an empty embedded database with demo data: one account per role, five restaurants in
 * Accra with illustrated menus, and the demo customer's past orders. Does nothing once any user
 * exists; either everything is written or nothing is.
 */
export async function seedDemo(app: App): Promise<DemoSeedResult> {
  const accounts = DEMO_ACCOUNTS.map((account) => ({ ...account }));
  const [existing] = await app.db.select({ id: users.id }).from(users).limit(1);
  if (existing) return { created: false, accounts };

  const [passwordHash, images] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    prepareDemoImages(app.storage, DEMO_RESTAURANTS),
  ]);
  try {
    await app.db.transaction((tx) =>
      writeDemo(tx, { storage: app.storage, images, restaurants: DEMO_RESTAURANTS, passwordHash, now: new Date() }),
    );
  } catch (error) {
    await app.storage.discard(images.all());
    throw error;
  }
  return { created: true, accounts };
}
