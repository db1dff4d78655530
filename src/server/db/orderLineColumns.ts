import { orderItems } from './schema.js';

/** An order line as every reader shows it (OrderLine of shared/orders/schemas.ts): dish, quantity, unit price and the choices picked. */
export const orderLineColumns = {
  menuItemId: orderItems.menuItemId,
  name: orderItems.name,
  quantity: orderItems.quantity,
  price: orderItems.price,
  choices: orderItems.choices,
};
