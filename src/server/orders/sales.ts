import { periodStart, type ManagedRestaurant, type SalesSummary, type SalesSummaryQuery } from '@shared/orders/sales.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { Database } from '../db/client.js';
import { forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { seesSales, worksForRestaurants } from '../policy.js';
import { rollUpSalesDays } from './salesDays.js';
import { listManagedRestaurants, summarizeSales } from './salesRepository.js';
import { allowRestaurant } from './service.js';

/** The sales cards and chart of one restaurant over a period, for whoever sees its sales. */
export async function getSalesSummary(
  database: Database,
  user: AuthUser,
  restaurantId: string,
  query: SalesSummaryQuery,
  now = new Date(),
): Promise<SalesSummary> {
  await allowRestaurant(seesSales(database.db, user, restaurantId), user, 'sales');
  const from = periodStart(query.period, now);
  const summary = await summarizeSales(database.statements, restaurantId, from);
  if (!summary) throw notFound(RESTAURANT_MESSAGES.notFound);
  // The figures are exact either way; rolling the finished days up keeps the next summaries short.
  if (summary.rollUpDue) await rollUpSalesDays(database.db, restaurantId);
  return { restaurantId, period: query.period, from: from?.toISOString() ?? null, ...summary.totals };
}

/** The restaurants whose sales page this user opens: an owner's own, a manager's several. */
export async function listSalesRestaurants(database: Database, user: AuthUser): Promise<ManagedRestaurant[]> {
  if (!worksForRestaurants(user)) throw forbidden();
  return listManagedRestaurants(database.db, user.userId);
}
