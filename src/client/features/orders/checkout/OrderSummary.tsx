import { chosenOptionsText } from '@shared/menu/options.js';
import { formatMoney } from '@shared/money.js';
import { lineName } from '@shared/menu/options.js';
import { lineKey, lineTotal, type Cart } from '@/components/cart/cart.js';
import { QuantityStepper } from '@/components/cart/QuantityStepper.js';
import type { CartActions } from '@/components/cart/useCart.js';

interface OrderSummaryProps {
  cart: Cart;
  onIncrease: CartActions['increase'];
  onDecrease: CartActions['decrease'];
}

/** The cart's dishes at checkout with their choices, still adjustable, each with what it comes to at the menu's prices. */
export function OrderSummary({ cart, onIncrease, onDecrease }: OrderSummaryProps) {
  const symbol = cart.restaurant.currencySymbol;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">From {cart.restaurant.name}</p>
      <ul className="grid gap-3">
        {cart.lines.map((line) => {
          const key = lineKey(line);
          return (
            <li key={key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <div className="min-w-0 flex-1 basis-32">
                <p className="font-medium break-words">{line.name}</p>
                {line.choices.length > 0 && <p className="text-sm break-words">{chosenOptionsText(line.choices)}</p>}
                <p className="text-sm text-muted-foreground">{formatMoney(line.price, symbol)} each</p>
              </div>
              <div className="flex items-center gap-3">
                <QuantityStepper
                  name={lineName(line)}
                  quantity={line.quantity}
                  onIncrease={() => onIncrease(key)}
                  onDecrease={() => onDecrease(key)}
                />
                <span className="w-24 text-right font-medium tabular-nums">{formatMoney(lineTotal(line), symbol)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
