import { ArrowRight, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '@shared/money.js';
import { BottomBar } from '@/components/ui/bottom-bar.js';
import { Button } from '@/components/ui/button.js';
import type { Cart } from './cart.js';
import { cartCount, cartTotal } from './cart.js';
import { CHECKOUT_PATH, checkoutState } from './checkoutLink.js';
import { countOf } from '@shared/plural.js';

/** The cart button pinned to the bottom of a menu: how many dishes, what they cost, and the way to checkout. */
export function CartBar({ cart }: { cart: Cart }) {
  const count = cartCount(cart);
  const items = countOf(count, 'item');
  const total = formatMoney(cartTotal(cart), cart.restaurant.currencySymbol);
  return (
    <BottomBar>
      <Button asChild size="lg" className="mx-auto flex h-12 w-full max-w-xl justify-between px-4 whitespace-nowrap">
        <Link to={CHECKOUT_PATH} state={checkoutState(cart)}>
          <span className="flex items-center gap-2">
            <ShoppingCart aria-hidden />
            <span className="rounded-full bg-primary-foreground px-2 py-0.5 text-sm text-primary">{items}</span>
          </span>
          <span className="flex items-center gap-2">
            <span className="font-semibold">{total}</span>
            <span className="max-[359px]:sr-only">Checkout</span>
            <ArrowRight aria-hidden />
          </span>
        </Link>
      </Button>
    </BottomBar>
  );
}
