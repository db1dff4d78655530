/**
 * Discovery search (GET /api/restaurants?q=) among many restaurants: BENCH_DISCOVERY_RESTAURANTS
 * (2,000) restaurants with 30 dishes each, on PGlite and PostgreSQL (BENCH_DATABASES). For each
 * search it prints the latency of the repository call the API makes (`discovery-search`, p50 and
 * p99 over SEARCH_RUNS runs), how many restaurants it found and which indexes its plan used, so
 * one can see the trigram indexes at work (menu_items_*_trgm_idx, restaurants_*_trgm_idx).
 * Restaurants and dishes go in with one INSERT ... SELECT generate_series per table.
 * Run: npm run bench -- discovery-search
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { explainSearch, searchActiveRestaurants } from '../src/server/restaurants/repository.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const RESTAURANTS = Number(process.env.BENCH_DISCOVERY_RESTAURANTS ?? 2_000);
const DISHES_PER_RESTAURANT = 30;
const SEARCH_RUNS = Number(process.env.BENCH_DISCOVERY_RUNS ?? 100);
const KINDS = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];

const PLACES = ['Osu', 'Labone', 'East Legon', 'Airport', 'Spintex', 'Adabraka', 'Dansoman', 'Tema', 'Madina', 'Kaneshie'];
const KINDS_OF_PLACE = ['Chop Bar', 'Grill', 'Kitchen', 'Spot', 'House', 'Palace', 'Corner', 'Joint'];
const DISHES = [
  'Jollof Rice with Grilled Chicken',
  'Party Jollof with Beef',
  'Fried Rice with Chicken',
  'Waakye Special',
  'Red Red with Plantain',
  'Gari Foto',
  'Fufu & Light Soup with Goat',
  'Fufu & Groundnut Soup',
  'Banku & Grilled Tilapia',
  'Banku & Okro Stew',
  'Kontomire Stew with Yam',
  'Kenkey with Fried Fish',
  'Omo Tuo with Palm Nut Soup',
  'Ampesi',
  'Tuo Zaafi',
  'Beef Chichinga',
  'Chicken Chichinga',
  'Spicy Chicken Wings',
  'Meat Pie',
  'Spring Rolls',
  'Kelewele',
  'Coleslaw',
  'Fried Plantain',
  'Yam Chips with Shito',
  'Roasted Corn',
  'Boiled Eggs',
  'Bofrot',
  'Fruit Salad',
  'Coconut Ice Cream',
  'Sobolo',
  'Asaana',
  'Tiger Nut Milk',
  'Pineapple Ginger Juice',
  'Malt Drink',
  'Fresh Coconut',
  'Plain Rice & Stew',
  'Abolo with Grilled Fish',
  'Koko with Koose',
  'Hausa Koko',
  'Akple with Fetri Detsi',
];
const CATEGORIES = ['Main Course', 'Appetizer', 'Sides', 'Dessert', 'Drinks'];

const SEARCHES = ['kelewele', 'kelewel', 'chiken', 'fufu', 'jollof rice', 'osu', 'labone chop bar', 'desert', 'pizza', 'ab'];

async function seed(db: Db) {
  await db.execute(sql`
    insert into users (id, email, password_hash)
    select md5('owner' || n)::uuid, 'owner' || n || '@example.com', 'x' from generate_series(1, ${RESTAURANTS}::int) n`);
  await db.execute(sql`
    insert into restaurants (id, owner_id, name, address, phone, country, currency_symbol, created_at)
    select md5('restaurant' || n)::uuid, md5('owner' || n)::uuid,
      (${sql.param(PLACES)}::text[])[1 + n % 10] || ' ' || (${sql.param(KINDS_OF_PLACE)}::text[])[1 + (n / 10) % 8] || ' ' || n,
      n || ' Ring Road, ' || (${sql.param(PLACES)}::text[])[1 + (n / 7) % 10] || ', Accra',
      '+233 20 555 0000', 'Ghana', 'GH₵', now() - n * interval '1 minute'
    from generate_series(1, ${RESTAURANTS}::int) n`);
  await db.execute(sql`
    insert into menu_items (restaurant_id, name, price, category, is_available, position)
    select md5('restaurant' || n)::uuid, (${sql.param(DISHES)}::text[])[1 + (n * 7 + i) % ${DISHES.length}::int],
      1000 + i * 100, (${sql.param(CATEGORIES)}::text[])[1 + i % 5], (n + i) % 10 <> 0, i
    from generate_series(1, ${RESTAURANTS}::int) n, generate_series(1, ${DISHES_PER_RESTAURANT}::int) i`);
  await db.execute(sql`analyze`);
}

async function measure(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const db = server.app.db;
    const started = performance.now();
    await seed(db);
    report('discovery-search-seed', kind, {
      restaurants: RESTAURANTS,
      dishes: RESTAURANTS * DISHES_PER_RESTAURANT,
      ms: Math.round(performance.now() - started),
    });
    for (const q of SEARCHES) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < SEARCH_RUNS; i++) {
        const at = performance.now();
        found = (await searchActiveRestaurants(db, q)).length;
        times.push(performance.now() - at);
      }
      const plan = await explainSearch(db, q);
      report('discovery-search', kind, {
        q,
        found,
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        indexes: [...new Set(plan.match(/\b\w+_idx\b/g) ?? [])],
      });
      if (process.env.BENCH_DISCOVERY_PLANS === '1') process.stdout.write(`${plan}\n`);
    }
  } finally {
    await server.close();
  }
}

for (const kind of KINDS) await measure(kind);
