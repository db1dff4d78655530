import { useId, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { choiceLabel, groupRuleLabel, resolveChoices, type OptionGroup } from '@shared/menu/options.js';
import type { PublicMenuItem } from '@shared/menu/schemas.js';
import { soldOutChoiceIds } from '@shared/menu/soldOut.js';
import { formatMoney } from '@shared/money.js';
import type { CartItem } from '@/components/cart/cart.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { cn } from '@/lib/cn.js';
import { useMinuteClock } from '@/lib/useMinuteClock.js';

/** A sheet rising from the bottom edge on phones, within a thumb's reach; the usual centred dialog from sm up. */
const SHEET_CLASSES = cn(
  'top-auto bottom-0 left-0 flex max-h-[90dvh] w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-t-2xl rounded-b-none p-0',
  'sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg',
);

interface ChoiceGroupProps {
  group: OptionGroup;
  currencySymbol: string;
  picked: readonly string[];
  /** The dish's choices sold out for today, shown like those not available. */
  soldOutIds: ReadonlySet<string>;
  /** What resolveChoices said of this group once Add was pressed, while its rule is still not met. */
  error: string | null;
  onPick: (picked: string[]) => void;
}

/** One group of a dish's choices: radio buttons when one may be picked, checkboxes up to its most otherwise. */
function ChoiceGroup({ group, currencySymbol, picked, soldOutIds, error, onPick }: ChoiceGroupProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const single = group.maxChoices === 1;
  const ownIds = new Set(group.choices.map((choice) => choice.id));
  const others = picked.filter((choiceId) => !ownIds.has(choiceId));
  const count = picked.length - others.length;
  const full = count >= group.maxChoices;
  const inputProps = {
    type: single ? 'radio' : 'checkbox',
    name: group.id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: 'size-5 shrink-0 accent-primary',
  };
  const rowClass = (disabled: boolean) =>
    cn(
      'flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2',
      disabled
        ? 'cursor-not-allowed bg-muted text-muted-foreground'
        : 'cursor-pointer has-checked:border-primary has-checked:bg-accent/50',
      error && !disabled && 'border-destructive',
    );

  return (
    <fieldset aria-describedby={hintId} className="grid gap-2">
      <legend className="font-semibold">{group.name}</legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {groupRuleLabel(group)}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {/* An optional group of radio buttons needs a way back to none of them. */}
      {single && group.minChoices === 0 && (
        <label className={rowClass(false)}>
          <input {...inputProps} value="" checked={count === 0} onChange={() => onPick(others)} />
          <span className="min-w-0 flex-1">None</span>
        </label>
      )}
      {group.choices.map((choice) => {
        const checked = picked.includes(choice.id);
        const soldOut = !choice.isAvailable || soldOutIds.has(choice.id);
        // A checked choice stays enabled, so one that sold out meanwhile can still be unticked.
        const disabled = !checked && (soldOut || (!single && full));
        const toggle = () => {
          if (single) onPick([...others, choice.id]);
          else onPick(checked ? picked.filter((choiceId) => choiceId !== choice.id) : [...picked, choice.id]);
        };
        return (
          <label key={choice.id} className={rowClass(disabled)}>
            <input {...inputProps} value={choice.id} checked={checked} disabled={disabled} onChange={toggle} />
            <span className="min-w-0 flex-1 break-words">{choiceLabel(choice, currencySymbol)}</span>
            {soldOut && (
              <span className="shrink-0 text-xs font-medium">
                <span className="sr-only">,</span> Sold out
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

interface DishChoicesProps {
  item: PublicMenuItem;
  currencySymbol: string;
  onAdd: (item: CartItem) => void;
}

/** The sheet's content for one dish; keyed by the dish, so every opening starts with nothing picked. */
function DishChoices({ item, currencySymbol, onAdd }: DishChoicesProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionId = useId();
  const now = useMinuteClock();
  const soldOutIds = now ? soldOutChoiceIds(item.choicesSoldOut, now) : new Set<string>();
  const result = resolveChoices(item.name, item.optionGroups, picked, soldOutIds);
  // Once Add was pressed, the rule still unmet is said, and goes away as soon as it is met.
  const failure = tried && !result.ok ? result : null;
  const choices = item.optionGroups.flatMap((group) => group.choices).filter((choice) => picked.includes(choice.id));
  const price = item.price + choices.reduce((sum, choice) => sum + choice.priceDelta, 0);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (result.ok) {
      onAdd({
        menuItemId: item.id,
        name: item.name,
        price: item.price + result.extra,
        choiceIds: choices.map((choice) => choice.id),
        choices: result.choices,
      });
      return;
    }
    // Rendered first, so the control focused is already described by the message.
    flushSync(() => setTried(true));
    if (result.group) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${result.group}"]:not(:disabled)`)?.focus();
    }
  }

  return (
    <DialogContent className={SHEET_CLASSES} aria-describedby={item.description ? descriptionId : undefined}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto p-4 sm:p-6">
          <DialogHeader className="text-left">
            <DialogTitle className="leading-snug">{item.name}</DialogTitle>
            {item.description && <DialogDescription id={descriptionId}>{item.description}</DialogDescription>}
          </DialogHeader>
          {item.optionGroups.map((group) => (
            <ChoiceGroup
              key={group.id}
              group={group}
              currencySymbol={currencySymbol}
              picked={picked}
              soldOutIds={soldOutIds}
              error={failure?.group === group.id ? failure.message : null}
              onPick={setPicked}
            />
          ))}
        </div>
        <div className="grid gap-2 border-t p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
          {failure && !failure.group && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {failure.message}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full">
            Add to cart · {formatMoney(price, currencySymbol)}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

interface DishChoicesSheetProps {
  /** The dish whose choices are being picked; null while the sheet is closed. */
  item: PublicMenuItem | null;
  currencySymbol: string;
  /** The dish with the choices picked, once they meet every group's rule. */
  onAdd: (item: CartItem) => void;
  onClose: () => void;
}

/** Picks a dish's choices before it goes in the cart, with the price they come to on the Add button. */
export function DishChoicesSheet({ item, currencySymbol, onAdd, onClose }: DishChoicesSheetProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && <DishChoices key={item.id} item={item} currencySymbol={currencySymbol} onAdd={onAdd} />}
    </Dialog>
  );
}
