import { Plus } from 'lucide-react';
import type { PublicMenuItem } from '@shared/menu/schemas.js';
import { formatMoney } from '@shared/money.js';
import { Button } from '@/components/ui/button.js';
import { QuantityStepper } from '@/components/cart/QuantityStepper.js';
import { FoodImage } from '@/components/restaurants/FoodImage.js';
import { cn } from '@/lib/cn.js';

interface MenuItemCardProps {
  item: PublicMenuItem;
  currencySymbol: string;
  /** How many are in the cart already, whatever their choices: 0 shows 'Add', more shows the quantity buttons. */
  quantity: number;
  /** Sold out for today: shown greyed with nothing more to add; a line already in the cart can still go down. */
  soldOut: boolean;
  /** Adds one, or for a dish with choices opens the sheet to pick them (then 'Add' stays, to add another combination). */
  onAdd: () => void;
  onIncrease: () => void;
  onDecrease: () => void;
}

/** One dish on a restaurant's menu, with its picture on the right as food apps do. */
export function MenuItemCard({ item, currencySymbol, quantity, soldOut, onAdd, onIncrease, onDecrease }: MenuItemCardProps) {
  const hasChoices = item.optionGroups.length > 0;
  // Greyed by colour, not opacity, so the name and price still read clearly enough (WCAG contrast).
  const greyed = soldOut && 'text-muted-foreground';
  return (
    <article className="flex h-full gap-3 rounded-xl border bg-card p-3 shadow-xs sm:p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className={cn('leading-snug font-semibold', greyed)}>{item.name}</h3>
        {soldOut && <p className="text-sm font-medium">Sold out today</p>}
        {item.description && <p className="line-clamp-3 text-sm text-muted-foreground">{item.description}</p>}
        <p className={cn('mt-auto pt-2 font-semibold', greyed)}>{formatMoney(item.price, currencySymbol)}</p>
      </div>
      <div className="flex w-30 shrink-0 flex-col items-center gap-2">
        <FoodImage
          src={item.imageUrl}
          alt=""
          sizes="120px"
          className={cn('aspect-square w-full rounded-lg', soldOut && 'opacity-50 grayscale')}
        />
        {quantity > 0 && !hasChoices ? (
          <QuantityStepper
            name={item.name}
            quantity={quantity}
            canIncrease={!soldOut}
            onIncrease={onIncrease}
            onDecrease={onDecrease}
          />
        ) : (
          <Button
            size="sm"
            variant="outline"
            className="w-full"
            aria-label={`Add ${item.name} to cart`}
            aria-haspopup={hasChoices ? 'dialog' : undefined}
            disabled={soldOut}
            onClick={onAdd}
          >
            <Plus aria-hidden />
            Add
          </Button>
        )}
        {quantity > 0 && hasChoices && <p className="text-xs font-medium text-muted-foreground">{quantity} in cart</p>}
      </div>
    </article>
  );
}
