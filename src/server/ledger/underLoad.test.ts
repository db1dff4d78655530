import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LedgerCheck } from '@shared/ledger/books.js';
import type { OrderView } from '@shared/orders/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { updateStatusIfCurrent } from '../orders/movesRepository.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { balanceOf } from './balances.js';
import { expectLedgerBalanced } from './testLedger.js';

const CHECKOUTS = 1000;

/**
 * What each of the checkouts becomes, in turn: cancelled (nothing posted), delivered by its
 * rider, delivered by its rider while support cancels it at the same moment (one of the two
 * wins: one posting or none), and closed as delivered by support without a rider.
 */
const FATES = ['cancelled', 'delivered', 'raced', 'noRider'] as const;
type Fate = (typeof FATES)[number];

describe('the ledger under load', () => {
  // No rate limit: a thousand orders from twenty customers within a minute is the point here.
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  it(`balances after ${CHECKOUTS.toLocaleString('en')} concurrent checkouts, deliveries and cancellations, each posted once`, async () => {
    const kitchens = await Promise.all(
      (
        [
          ['GH₵', 'Ghana', 2550],
          ['GH₵', 'Ghana', 1999],
          ['₦', 'Nigeria', 350_000],
        ] as const
      ).map(async ([currencySymbol, country, price]) => {
        const owner = await createUser(t, { role: 'restaurant' });
        const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, currencySymbol, country });
        return { restaurant, dish: await insertMenuItem(t.app.db, { restaurantId: restaurant.id, price }) };
      }),
    );
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser(t, { role: 'customer' })));
    const riders = await Promise.all(Array.from({ length: 10 }, () => createUser(t, { role: 'driver', verifiedDriver: true })));
    const admin = await createUser(t, { role: 'admin' });

    const checkout = async (customer: TestUser, kitchen: (typeof kitchens)[number], quantity: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.authHeader,
        payload: {
          orderId: randomUUID(),
          restaurantId: kitchen.restaurant.id,
          items: [{ menuItemId: kitchen.dish.id, quantity }],
          deliveryAddress: '7 Spintex Road, Accra',
          deliveryPhone: '+233 24 555 0102',
          paymentMethod: 'cash',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderView>();
    };
    /** On its way with its rider, a delivery fee of which the platform keeps a fifth, and a tip: what dispatch and checkout would have set. */
    const onTheWay = (orderId: string, index: number, rider: TestUser | null) =>
      t.app.db
        .update(orders)
        .set({
          status: rider ? 'picked_up' : 'ready',
          driverId: rider?.userId ?? null,
          deliveryFee: 500 + (index % 7) * 10,
          deliveryShare: 100 + (index % 7) * 2,
          tipAmount: (index % 3) * 150,
        })
        .where(eq(orders.id, orderId));
    /**
     * A move as every command makes it (kitchen, rider, support): the one conditional UPDATE in
     * orders/movesRepository.ts, which posts the ledger in the move's transaction. The commands
     * around it (policy, code check, the customer's email and SMS, each with its jobs) are tested
     * with the ledger in orderPostings.test.ts; here they would cost ten times the moves.
     */
    const move = (orderId: string, from: OrderStatus, to: OrderStatus, driverBefore: string | null) =>
      t.app.db.transaction(async (tx) => Boolean(await updateStatusIfCurrent(tx, { orderId, from, to, driverBefore })));

    async function lane(index: number): Promise<{ id: string; fate: Fate; moved: boolean[] }> {
      const kitchen = kitchens[index % kitchens.length]!;
      const fate = FATES[index % FATES.length]!;
      const rider = riders[index % riders.length]!;
      const order = await checkout(customers[index % customers.length]!, kitchen, 1 + (index % 3));
      switch (fate) {
        case 'cancelled':
          return { id: order.id, fate, moved: [await move(order.id, 'confirmed', 'cancelled', null)] };
        case 'delivered':
          await onTheWay(order.id, index, rider);
          return { id: order.id, fate, moved: [await move(order.id, 'picked_up', 'delivered', rider.userId)] };
        case 'raced': {
          // The rider delivers while support closes the order as cancelled: one of the two wins.
          await onTheWay(order.id, index, rider);
          const moved = await Promise.all([
            move(order.id, 'picked_up', 'delivered', rider.userId),
            move(order.id, 'picked_up', 'cancelled', rider.userId),
          ]);
          return { id: order.id, fate, moved };
        }
        case 'noRider':
          await onTheWay(order.id, index, null);
          return { id: order.id, fate, moved: [await move(order.id, 'ready', 'delivered', null)] };
      }
    }

    const done = await Promise.all(Array.from({ length: CHECKOUTS }, (_, index) => lane(index)));
    expect(done).toHaveLength(CHECKOUTS);

    // Every move won, but for the losers of the races: exactly one of each two.
    for (const lane of done) expect(lane.moved.filter(Boolean), lane.fate).toHaveLength(1);
    const totals = await expectLedgerBalanced(t.app.db);
    const delivered = (await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'delivered'))).length;
    expect(delivered).toBeGreaterThan(CHECKOUTS / 2);
    expect(delivered).toBeLessThan(CHECKOUTS);
    expect(totals.transactions).toBe(delivered);

    // Each order posted exactly as it ended: delivered ones once, cancelled ones never.
    const perOrder = rowsOf<{ status: string; postings: number }>(
      await t.app.db.execute(sql`
        select o.status, count(t.id)::int as postings
        from orders o left join ledger_transactions t on t.order_id = o.id
        group by o.id`),
    );
    expect(perOrder).toHaveLength(CHECKOUTS);
    for (const row of perOrder) expect(row.postings).toBe(row.status === 'delivered' ? 1 : 0);

    // What the ledger owes and earned is what the delivered orders' snapshots say, in each currency.
    const expected = rowsOf<{
      currency_symbol: string;
      payout: string;
      commission: string;
      with_rider: string;
      without_rider: string;
    }>(
      await t.app.db.execute(sql`
        select currency_symbol,
          sum(restaurant_payout)::text as payout,
          sum(commission_amount)::text as commission,
          coalesce(sum(total_amount + delivery_fee + tip_amount) filter (where driver_id is not null), 0)::text as with_rider,
          coalesce(sum(total_amount + delivery_fee + tip_amount) filter (where driver_id is null), 0)::text as without_rider
        from orders where status = 'delivered' group by currency_symbol`),
    );
    expect(expected.map((row) => row.currency_symbol).sort()).toEqual(['GH₵', '₦']);
    for (const row of expected) {
      const currency = row.currency_symbol;
      const restaurants = kitchens.filter((kitchen) => kitchen.restaurant.currencySymbol === currency);
      const owed = await Promise.all(
        restaurants.map((kitchen) => balanceOf(t.app.db, 'restaurant', kitchen.restaurant.id, currency)),
      );
      expect(owed.reduce((a, b) => a + b, 0)).toBe(-Number(row.payout));
      expect(await balanceOf(t.app.db, 'commission', null, currency)).toBe(-Number(row.commission));
      expect(await balanceOf(t.app.db, 'cash_received', null, currency)).toBe(Number(row.without_rider));
      const cash = await Promise.all(riders.map((rider) => balanceOf(t.app.db, 'rider_cash', rider.userId, currency)));
      expect(cash.reduce((a, b) => a + b, 0)).toBe(Number(row.with_rider));
    }

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin.authHeader });
    expect(res.json<LedgerCheck>()).toEqual({ balanced: true, transactions: delivered, entries: totals.entries, unbalanced: [] });
  }, 120_000);
});
