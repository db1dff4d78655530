import type { Cart, CheckoutLocationState } from './cart.js';

export const CHECKOUT_PATH = '/customer/checkout';

/** History state for the way to checkout: the route guard keeps it through /auth, so the cart arrives even via sign-in. */
export const checkoutState = (cart: Cart): CheckoutLocationState => ({ cart });
