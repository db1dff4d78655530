import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultTimeZone } from '@shared/restaurants/hours.js';
import type { StorageService } from '../../storage/service.js';
import type { Tx } from '../client.js';
import {
  commissionSettings,
  deliveryPricing,
  drivers,
  menuItems,
  orderItems,
  orders,
  payments,
  profiles,
  restaurantMembers,
  restaurants,
  userRoles,
  users,
} from '../schema.js';
import { DEMO_DELIVERY_PRICING } from './delivery.js';
import type { DemoImages } from './images.js';
import { writeDemoLedger } from './ledger.js';
import { pastOrders, type SeededRestaurant } from './orders.js';
import { DEMO_DRIVER, DEMO_PEOPLE, type PersonKey } from './people.js';
import { seededRandom } from './random.js';
import { DEMO_COUNTRY, DEMO_CURRENCY, type DemoRestaurant } from './restaurants.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

export interface DemoWrite {
  storage: StorageService;
  images: DemoImages;
  restaurants: readonly DemoRestaurant[];
  passwordHash: string;
  now: Date;
}

/** Writes the whole demo inside the caller's transaction: people, the driver, restaurants with menus, delivery pricing, past orders and their ledger. */
export async function writeDemo(
  tx: Tx,
  { storage, images, restaurants: demoRestaurants, passwordHash, now }: DemoWrite,
): Promise<void> {
  const ids = new Map(DEMO_PEOPLE.map((person) => [person.key, randomUUID()]));
  const idOf = (key: PersonKey) => ids.get(key)!;
  const joined = daysAgo(now, 90);

  await tx.insert(users).values(DEMO_PEOPLE.map((p) => ({ id: idOf(p.key), email: p.email, passwordHash, createdAt: joined })));
  const profileRows = [];
  for (const person of DEMO_PEOPLE) {
    const key = person.key;
    const avatar = await storage.save(tx, images.avatars.get(key)!, idOf(key));
    profileRows.push({ id: idOf(key), fullName: person.fullName, phone: person.phone, avatarUrl: avatar.url, createdAt: joined });
  }
  await tx.insert(profiles).values(profileRows);
  await tx.insert(userRoles).values(DEMO_PEOPLE.map((p) => ({ userId: idOf(p.key), role: p.role })));

  const driverId = idOf('driver');
  const [licence, nationalId, vehicle] = [
    await storage.save(tx, images.driver.driversLicense, driverId),
    await storage.save(tx, images.driver.nationalId, driverId),
    await storage.save(tx, images.driver.vehicleImage, driverId),
  ];
  await tx.insert(drivers).values({
    userId: driverId,
    ...DEMO_DRIVER,
    driversLicenseUrl: licence.url,
    nationalIdUrl: nationalId.url,
    vehicleImageUrl: vehicle.url,
    lastLocationUpdate: now,
    isAvailable: true,
    isVerified: true,
    createdAt: joined,
  });

  const seeded: SeededRestaurant[] = [];
  for (const [index, restaurant] of demoRestaurants.entries()) {
    const ownerId = idOf(restaurant.owner);
    const id = randomUUID();
    const banner = await storage.save(tx, images.banners[index]!, ownerId);
    // Listed newest first, so the first restaurant is the newest.
    const opened = daysAgo(now, 60 + index);
    await tx.insert(restaurants).values({
      id,
      ownerId,
      name: restaurant.name,
      description: restaurant.description,
      address: restaurant.address,
      phone: restaurant.phone,
      imageUrl: banner.url,
      country: DEMO_COUNTRY,
      currencySymbol: DEMO_CURRENCY,
      // Open every day, all day (the column's default), so the demo takes orders whenever it is tried.
      timeZone: defaultTimeZone(DEMO_COUNTRY),
      latitude: restaurant.latitude,
      longitude: restaurant.longitude,
      minOrderAmount: restaurant.minOrderAmount ?? 0,
      isActive: true,
      createdAt: opened,
    });
    const menu = [];
    for (const [position, item] of restaurant.menu.entries()) {
      const photo = await storage.save(tx, images.dishes[index]![position]!, ownerId);
      menu.push({
        id: randomUUID(),
        restaurantId: id,
        name: item.name,
        description: item.description,
        price: item.price,
        category: item.category,
        imageUrl: photo.url,
        isAvailable: item.isAvailable ?? true,
        optionGroups: (item.options ?? []).map((group) => ({
          id: randomUUID(),
          name: group.name,
          minChoices: group.minChoices,
          maxChoices: group.maxChoices,
          choices: group.choices.map(([name, priceDelta, isAvailable = true]) => ({
            id: randomUUID(),
            name,
            priceDelta,
            isAvailable,
          })),
        })),
        // The menu as written in restaurants.ts, categories in the order the restaurant put them.
        position: position + 1,
        createdAt: new Date(opened.getTime() - position * 60_000),
      });
    }
    await tx.insert(menuItems).values(menu);
    seeded.push({ id, latitude: restaurant.latitude, longitude: restaurant.longitude, currencySymbol: DEMO_CURRENCY, menu });
  }
  await tx.insert(restaurantMembers).values({ restaurantId: seeded[0]!.id, userId: idOf('manager') });
  await tx.insert(deliveryPricing).values(DEMO_DELIVERY_PRICING).onConflictDoNothing();

  const [setting] = await tx
    .select({
      bps: commissionSettings.commissionBps,
      roadFactorPercent: commissionSettings.roadFactorPercent,
      shareBps: commissionSettings.deliveryShareBps,
    })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1));
  if (!setting) throw new Error('The commission_settings row is missing: the migrations did not run');
  const customer = DEMO_PEOPLE.find((p) => p.key === 'customer')!;
  const past = pastOrders({
    random: seededRandom(2024),
    now,
    customer: { id: idOf('customer'), phone: customer.phone },
    driverId,
    restaurants: seeded,
    commissionBps: setting.bps,
    delivery: {
      pricing: (await tx.select().from(deliveryPricing).where(eq(deliveryPricing.currencySymbol, DEMO_CURRENCY)))[0],
      roadFactorPercent: setting.roadFactorPercent,
      shareBps: setting.shareBps,
    },
  });
  await tx.insert(orders).values(past.orders);
  await tx.insert(orderItems).values(past.items);
  await tx.insert(payments).values(past.payments);
  await writeDemoLedger(tx, past.orders, { riderId: driverId, adminId: idOf('admin'), currencySymbol: DEMO_CURRENCY, now });
}
