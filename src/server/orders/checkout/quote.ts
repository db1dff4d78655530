import type { DeliveryQuoteQuery, DeliveryQuoteView } from '@shared/delivery/fees.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { StatementRunner } from '../../db/statements.js';
import { notFound } from '../../http/errors.js';
import { pinOf, toQuoteView } from './delivery.js';
import { findCheckoutKitchen } from './kitchen.js';

/** The delivery quote checkout would charge, from the same look at the restaurant and the same formula. */
export async function quoteDelivery(statements: StatementRunner, query: DeliveryQuoteQuery): Promise<DeliveryQuoteView> {
  const kitchen = await findCheckoutKitchen(statements, query.restaurantId);
  if (!kitchen) throw notFound(RESTAURANT_MESSAGES.notFound);
  return toQuoteView(kitchen, pinOf(query.latitude, query.longitude));
}
