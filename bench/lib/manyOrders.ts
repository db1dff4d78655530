import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';

/**
 * A platform's worth of orders for the admin benchmarks, written with INSERT ... SELECT
 * generate_series, a batch per statement: customers and drivers with names drawn from common
 * Ghanaian first names and surnames (so a full name matches a few dozen customers and a surname
 * thousands, as in life), restaurants named area + dish + kind (each name unique, a part of one
 * shared by several), and orders spread over two years, newest last, each of one customer at one
 * restaurant. Orders older than the last few hundred are delivered or cancelled; the newest are
 * in every other status, drivers on those past ready. Foreign keys are checked by construction,
 * not per row: the batches run with session_replication_role = replica (PostgreSQL only).
 */

export const FIRST_NAMES =
  'Ama,Kofi,Akosua,Kwame,Abena,Yaw,Efua,Kwabena,Adwoa,Kwaku,Afua,Kojo,Esi,Kwesi,Akua,Fiifi,Yaa,Ekow,Araba,Nana,Naa,Nii,Dede,Tetteh,Adjoa,Selorm,Mawuli,Elikem,Dzifa,Edem,Seyram,Delali,Zainab,Ibrahim,Fatima,Abdul,Mariam,Issah,Hawa,Musah'.split(
    ',',
  );

export const SURNAMES =
  'Mensah,Owusu,Boateng,Asante,Osei,Agyeman,Appiah,Darko,Amoah,Ofori,Addo,Antwi,Badu,Sarpong,Frimpong,Ansah,Adjei,Quaye,Lamptey,Tagoe,Ankrah,Quarshie,Nortey,Aryee,Kpodo,Agbeko,Dzokoto,Gbedemah,Amegashie,Tsikata,Yeboah,Acheampong,Bonsu,Danso,Gyamfi,Kyei,Nkansah,Opoku,Wiredu,Zakari'.split(
    ',',
  );

const AREAS =
  'Osu,Labone,Cantonments,Airport,East Legon,Spintex,Tema,Madina,Adenta,Dansoman,Kaneshie,Achimota,Tesano,Dzorwulu,Haatso,Teshie,Nungua,Kokomlemle,Abelemkpe,Roman Ridge'.split(
    ',',
  );
const DISHES = 'Jollof,Waakye,Banku,Kenkey,Fufu,Kelewele,Red Red,Tilapia,Suya,Shito'.split(',');
const KINDS = 'House,Kitchen,Corner,Spot,Joint'.split(',');

const ACTIVE_STATUSES = ['confirmed', 'preparing', 'ready', 'accepted', 'picked_up'] as const;

export interface ManyOrdersOptions {
  orders: number;
  customers: number;
  restaurants: number;
  drivers: number;
  /** How many of the newest orders are still in progress (the rest are delivered or cancelled). */
  inProgress?: number;
}

const BATCH = 50_000;

const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** Runs one fill statement with foreign-key triggers off for its transaction (rows are consistent by construction). */
async function withoutTriggers(db: Db, kind: 'pglite' | 'postgres', statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    if (kind === 'postgres') await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** `count` accounts of `role` named `name` (an SQL expression of n, from 1), in batches. */
async function insertPeople(db: Db, kind: 'pglite' | 'postgres', role: string, count: number, name: ReturnType<typeof sql>) {
  for (let first = 1; first <= count; first += BATCH) {
    const last = Math.min(first + BATCH - 1, count);
    await withoutTriggers(
      db,
      kind,
      sql`
      with numbered as (
        select n, gen_random_uuid() as id from generate_series(${first}::int, ${last}::int) as n
      ), new_users as (
        insert into users (id, email, password_hash)
        select id, ${role} || '-' || n || '-' || left(id::text, 8) || '@bench.local', 'no-password' from numbered
      ), new_roles as (
        insert into user_roles (user_id, role) select id, ${role} from numbered
      )
      insert into profiles (id, full_name, phone, created_at)
      select id, ${name}, '+233 24 ' || lpad((n % 10000000)::text, 7, '0'), now() - (n % 700) * interval '1 day'
      from numbered`,
    );
  }
}

/** Fills the database; answers how long it took in ms. */
export async function fillManyOrders(db: Db, kind: 'pglite' | 'postgres', options: ManyOrdersOptions): Promise<number> {
  const started = performance.now();
  const inProgress = options.inProgress ?? 300;
  const fullName = sql`(${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' || (${textArray(SURNAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${SURNAMES.length}]`;

  await insertPeople(db, kind, 'customer', options.customers, fullName);
  await insertPeople(db, kind, 'restaurant', options.restaurants, fullName);
  await insertPeople(db, kind, 'driver', options.drivers, fullName);
  await withoutTriggers(
    db,
    kind,
    sql`
    insert into drivers (user_id, vehicle_type, vehicle_year, vehicle_model, plate_number, drivers_license_url,
      national_id_url, vehicle_image_url, is_available, is_verified, latitude, longitude, last_location_update)
    select user_id, 'bike', 2020, 'Bench bike', 'GR 1234-20', '/bench/license.jpg', '/bench/id.jpg', '/bench/bike.jpg',
      true, true, 5.6037, -0.187, now()
    from user_roles where role = 'driver'`,
  );
  // Restaurant n is named by its digits: area, dish, kind; the n-th owner owns it.
  await withoutTriggers(
    db,
    kind,
    sql`
    insert into restaurants (owner_id, name, description, address, phone, country, currency_symbol, latitude, longitude, created_at)
    select owner.user_id,
      (${textArray(AREAS)})[1 + n % ${AREAS.length}] || ' ' || (${textArray(DISHES)})[1 + (n / ${AREAS.length}) % ${DISHES.length}]
        || ' ' || (${textArray(KINDS)})[1 + (n / ${AREAS.length * DISHES.length}) % ${KINDS.length}]
        || case when n >= ${AREAS.length * DISHES.length * KINDS.length} then ' ' || n else '' end,
      'Home cooking, every day', n || ' ' || (${textArray(AREAS)})[1 + n % ${AREAS.length}] || ' Road, Accra',
      '+233 30 123 4567', 'Ghana', 'GH₵', 5.6 + (n % 100) / 1000.0, -0.18 - (n % 100) / 1000.0,
      now() - (n % 700) * interval '1 day'
    from (select user_id, (row_number() over (order by user_id) - 1)::int as n from user_roles where role = 'restaurant') as owner`,
  );

  const total = options.orders;
  const step = Math.max(1, Math.floor((2 * 365 * 86_400) / total));
  for (let first = 1; first <= total; first += BATCH) {
    const last = Math.min(first + BATCH - 1, total);
    await withoutTriggers(
      db,
      kind,
      sql`
      with people as (
        select
          (select array_agg(user_id order by user_id) from user_roles where role = 'customer') as customers,
          (select array_agg(id order by id) from restaurants) as restaurants,
          (select array_agg(user_id order by user_id) from drivers) as drivers
      ), planned as (
        select n, gen_random_uuid() as id,
          people.customers[1 + floor(random() * cardinality(people.customers))::int] as customer_id,
          people.restaurants[1 + floor(random() * cardinality(people.restaurants))::int] as restaurant_id,
          people.drivers[1 + floor(random() * cardinality(people.drivers))::int] as any_driver,
          case
            when n > ${total - inProgress} then (${textArray(ACTIVE_STATUSES)})[1 + n % ${ACTIVE_STATUSES.length}]
            when random() < 1.0 / 12 then 'cancelled'
            else 'delivered'
          end as status,
          1000 + (n * 37) % 9000 as total
        from generate_series(${first}::int, ${last}::int) as n, people
      ), new_orders as (
        insert into orders (id, customer_id, restaurant_id, driver_id, status, total_amount, commission_amount, restaurant_payout,
          commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, notes, created_at, updated_at)
        select id, customer_id, restaurant_id,
          case when status in ('accepted', 'picked_up', 'delivered') then any_driver end,
          status, total, (total * 1000 + 5000) / 10000, total - (total * 1000 + 5000) / 10000, 1000, 'GH₵',
          n || ' Ring Road East, Accra', '+233 24 555 0102', lpad((n % 1000000)::text, 6, '0'),
          case when n % 7 = 0 then 'Call when outside' end,
          now() - (${total} - n) * ${step} * interval '1 second',
          now() - (${total} - n) * ${step} * interval '1 second'
        from planned
      )
      insert into payments (order_id, amount, payment_method, payment_status)
      select id, total, 'cash', case when status = 'delivered' then 'completed' else 'pending' end from planned`,
    );
  }
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze profiles`);
  await db.execute(sql`vacuum analyze user_roles`);
  await db.execute(sql`vacuum analyze restaurants`);
  await db.execute(sql`vacuum analyze drivers`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze payments`);
  return performance.now() - started;
}
