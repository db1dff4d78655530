import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useId } from 'react';
import { groupByCategory } from '@shared/menu/categories.js';
import type { OptionChoice, OptionGroup } from '@shared/menu/options.js';
import { MENU_MESSAGES, type OwnMenuItem } from '@shared/menu/schemas.js';
import { isSoldOut, SOLD_OUT_MESSAGES, soldOutChoiceIds } from '@shared/menu/soldOut.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';
import { Label } from '@/components/ui/label.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { Spinner } from '@/components/ui/spinner.js';
import { Switch } from '@/components/ui/switch.js';
import { ApiError } from '@/lib/apiError.js';
import { cn } from '@/lib/cn.js';
import { ownMenuQuery } from '@/lib/restaurantsApi.js';
import { notifyFailure, notifySuccess } from '@/lib/toast.js';
import { useMinuteClock } from '@/lib/useMinuteClock.js';
import { applyMenuItem, changeSoldOut } from './soldOutApi.js';

/** Each change answers with one toast, the latest replacing the one before. */
const TOAST_ID = 'sold-out';

/** The whole screen on phones, its list scrolling under the title; the usual centred dialog from sm up. */
const SHEET_CLASSES = cn(
  'top-0 left-0 flex h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 p-0',
  'sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:border',
);

/** A dish's groups with only the choices on offer: one taken off the menu cannot run out. */
const offeredGroups = (item: OwnMenuItem): OptionGroup[] =>
  item.optionGroups
    .map((group) => ({ ...group, choices: group.choices.filter((choice) => choice.isAvailable) }))
    .filter((group) => group.choices.length > 0);

/** How many of the dishes and choices on offer are sold out at `now`. */
function soldOutCount(items: readonly OwnMenuItem[], now: Date): number {
  return items.reduce((count, item) => {
    const choices = soldOutChoiceIds(item.choicesSoldOut, now);
    const offeredSoldOut = offeredGroups(item).flatMap((group) => group.choices.filter((choice) => choices.has(choice.id)));
    return count + (isSoldOut(item.soldOutUntil, now) ? 1 : 0) + offeredSoldOut.length;
  }, 0);
}

interface SoldOutSwitchProps {
  item: OwnMenuItem;
  /** One of the dish's choices; absent for the dish itself. */
  choice?: OptionChoice;
  soldOut: boolean;
}

/** '<Dish> sold out today' or '<Choice> sold out today': shows the change asked for until the server takes it. */
function SoldOutSwitch({ item, choice, soldOut }: SoldOutSwitchProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const change = useMutation({
    mutationFn: changeSoldOut,
    onSuccess: (updated, { soldOut: marked }) => {
      applyMenuItem(queryClient, updated);
      const name = choice ? `${choice.name} for ${item.name}` : item.name;
      notifySuccess(marked ? SOLD_OUT_MESSAGES.marked(name) : SOLD_OUT_MESSAGES.back(name), undefined, TOAST_ID);
    },
    onError: (error) => {
      notifyFailure(SOLD_OUT_MESSAGES.failed, error instanceof ApiError ? error.message : undefined, TOAST_ID);
    },
  });
  const checked = change.isPending ? change.variables.soldOut : soldOut;

  return (
    <div className="flex min-h-11 items-center gap-2">
      <Label
        htmlFor={id}
        className={cn('min-h-11 min-w-0 flex-1 cursor-pointer leading-snug break-words', choice ? 'font-normal' : 'text-base')}
      >
        {`${choice?.name ?? item.name} `}
        <span className="sr-only">sold out today</span>
      </Label>
      {change.isPending && <Spinner />}
      <Switch
        id={id}
        checked={checked}
        disabled={change.isPending}
        aria-busy={change.isPending || undefined}
        onCheckedChange={(next) =>
          change.mutate({ restaurantId: item.restaurantId, itemId: item.id, choiceId: choice?.id, soldOut: next })
        }
      />
    </div>
  );
}

/** A dish's switch, and under it one for each choice on offer, by group. */
function DishSoldOut({ item, now }: { item: OwnMenuItem; now: Date | null }) {
  const headingId = useId();
  const choices = now ? soldOutChoiceIds(item.choicesSoldOut, now) : new Set<string>();
  return (
    <li className="grid gap-1 py-2">
      <SoldOutSwitch item={item} soldOut={now !== null && isSoldOut(item.soldOutUntil, now)} />
      {offeredGroups(item).map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${headingId}-${group.id}`} className="ml-2 border-l-2 pl-3">
          <p id={`${headingId}-${group.id}`} className="pt-1 text-xs font-medium text-muted-foreground">
            {group.name}
          </p>
          {group.choices.map((choice) => (
            <SoldOutSwitch key={choice.id} item={item} choice={choice} soldOut={choices.has(choice.id)} />
          ))}
        </div>
      ))}
    </li>
  );
}

function MenuSoldOut({ restaurantId, now }: { restaurantId: string; now: Date | null }) {
  const menu = useQuery(ownMenuQuery(restaurantId));
  if (menu.isPending) {
    return (
      <div role="status" aria-label="Loading your menu" className="grid gap-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (menu.isError) {
    return <InlineLoadFailed message={MENU_MESSAGES.loadFailed} retrying={menu.isFetching} onRetry={() => void menu.refetch()} />;
  }
  const sections = groupByCategory(menu.data.filter((item) => item.isAvailable));
  if (sections.length === 0) return <p className="text-sm text-muted-foreground">There are no dishes on your menu yet.</p>;
  return (
    <div className="grid gap-4">
      {sections.map((section) => (
        <section key={section.category} aria-label={section.category}>
          <h3 className="font-semibold">{section.category}</h3>
          <ul className="divide-y">
            {section.items.map((item) => (
              <DishSoldOut key={item.id} item={item} now={now} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * 'Sold out today' beside 'Pause new orders': the owner switches off a dish or a single choice
 * that has run out, until the restaurant next opens. The count and the switches are judged again
 * every minute, so what comes back shows so without a reload.
 */
export function SoldOutToday({ restaurant }: { restaurant: OwnRestaurant }) {
  const menu = useQuery(ownMenuQuery(restaurant.id));
  const now = useMinuteClock();
  const count = menu.data && now ? soldOutCount(menu.data, now) : 0;

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" className="px-4">
          <Ban aria-hidden />
          {count > 0 ? `Sold out today · ${count}` : 'Sold out today'}
        </Button>
      </DialogTrigger>
      <DialogContent className={SHEET_CLASSES}>
        <DialogHeader className="border-b p-4 pr-14 text-left sm:p-6 sm:pr-14">
          <DialogTitle>Sold out today</DialogTitle>
          <DialogDescription>
            Customers see what you switch on greyed out and cannot order it. It comes back by itself when you next open.
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
          <MenuSoldOut restaurantId={restaurant.id} now={now} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
