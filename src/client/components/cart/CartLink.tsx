import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.js';
import { cartCount } from './cart.js';
import { CHECKOUT_PATH, checkoutState } from './checkoutLink.js';
import { useCart } from './useCart.js';
import { countOf } from '@shared/plural.js';

/** A header button to checkout with the number of dishes in the cart; absent while the cart is empty. */
export function CartLink() {
  const { cart } = useCart();
  if (!cart) return null;
  const count = cartCount(cart);
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={CHECKOUT_PATH} state={checkoutState(cart)} aria-label={`Cart, ${countOf(count, 'item')}`}>
        <ShoppingCart aria-hidden />
        <span
          aria-hidden
          className="absolute -top-0.5 right-0 grid h-4 min-w-4 place-items-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground"
        >
          {count}
        </span>
      </Link>
    </Button>
  );
}
