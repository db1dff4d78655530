/**
 * The public menu read: one restaurant's available items, every other one with the two
 * groups of choices, anonymous. Per database it prints
 * `menu-bare`, the reads/s of CONNECTIONS loops running the menu's own SQL as a prepared
 * statement straight through the driver (no HTTP, no app: the yardstick), then `menu`, the most
 * requests/s with CONNECTIONS clients reading back to back, with `ofBare`, its ratio to the
 * yardstick measured in the same run, `menu-br`, the same with the Accept-Encoding a browser
 * sends (autocannon sends none, so `menu` gets the uncompressed JSON), and `menu-light`, the
 * latencies when reads arrive steadily at RATE per second (light load).
 * Run: npx tsx bench/menu.bench.ts
 */
import { statement } from '../src/server/db/statements.js';
import { availableMenuSql } from '../src/server/menu/repository.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { jollofChoices } from './lib/dishChoices.js';
import { measure, report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';

const MENU_ITEMS = 30;
const UNAVAILABLE_ITEMS = 5;
const CATEGORIES = ['Main Course', 'Appetizer', 'Dessert', 'Drinks'];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_MENU_RATE ?? 100);
/** What Chromium sends; it takes br. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function seedRestaurant(server: BenchServer): Promise<string> {
  const db = server.app.db;
  const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
  const restaurant = await insertRestaurant(db, { ownerId });
  for (let i = 0; i < MENU_ITEMS + UNAVAILABLE_ITEMS; i++) {
    await insertMenuItem(db, {
      restaurantId: restaurant.id,
      name: `Dish ${i}`,
      description: 'Slow-cooked with pepper, onions and a little palm oil',
      price: 1500 + i * 100,
      category: CATEGORIES[i % CATEGORIES.length],
      isAvailable: i < MENU_ITEMS,
      optionGroups: i % 2 === 0 ? jollofChoices() : [],
    });
  }
  return restaurant.id;
}

/** Reads/s of CONNECTIONS loops each running the menu's SQL, prepared, back to back for DURATION_SECONDS. */
async function bareReadsPerSecond(server: BenchServer, restaurantId: string): Promise<number> {
  const { text, values } = availableMenuSql(server.app.db, restaurantId);
  const menu = statement<unknown[], unknown>('bench_bare_menu', text);
  const rows = await server.database.statements.run(menu, values);
  if (rows.length !== MENU_ITEMS) throw new Error(`bare menu read returned ${rows.length} rows, expected ${MENU_ITEMS}`);
  const until = performance.now() + DURATION_SECONDS * 1000;
  let reads = 0;
  const loop = async () => {
    while (performance.now() < until) {
      await server.database.statements.run(menu, values);
      reads++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return Math.round(reads / DURATION_SECONDS);
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const restaurantId = await seedRestaurant(server);
    const url = `${server.url}/api/restaurants/${restaurantId}/menu`;
    const check = await fetch(url);
    const items = (await check.json()) as unknown[];
    if (check.status !== 200 || items.length !== MENU_ITEMS) {
      throw new Error(`menu read returned ${check.status} with ${items.length} items, expected ${MENU_ITEMS}`);
    }
    const bare = await bareReadsPerSecond(server, restaurantId);
    report('menu-bare', kind, { readsPerSec: bare, connections: CONNECTIONS, items: MENU_ITEMS });
    await measure({ url, connections: CONNECTIONS, durationSeconds: 1 });
    const result = await measure({ url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    const ofBare = (load: { requestsPerSec: number }) => Math.round((load.requestsPerSec / bare) * 100) / 100;
    report('menu', kind, result, { connections: CONNECTIONS, items: MENU_ITEMS, ofBare: ofBare(result) });
    const asBrowser = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const encoding = (await fetch(url, { headers: asBrowser })).headers.get('content-encoding');
    if (encoding !== 'br') throw new Error(`menu read as a browser came with content-encoding ${encoding}, expected br`);
    const br = await measure({ url, headers: asBrowser, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
    report('menu-br', kind, br, { connections: CONNECTIONS, items: MENU_ITEMS, ofBare: ofBare(br) });
    const light = await openLoad({ url, ratePerSecond: RATE, durationSeconds: DURATION_SECONDS, requests: [{ method: 'GET' }] });
    report('menu-light', kind, light, { offeredPerSec: RATE, items: MENU_ITEMS });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
