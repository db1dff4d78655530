import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Clock, SearchX, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { groupByCategory } from '@shared/menu/categories.js';
import { cartLineKey, lineName } from '@shared/menu/options.js';
import type { PublicMenuItem } from '@shared/menu/schemas.js';
import { isSoldOut } from '@shared/menu/soldOut.js';
import { openingLabel, type OpeningState } from '@shared/restaurants/hours.js';
import { RESTAURANT_MESSAGES, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import { CartBar } from '@/components/cart/CartBar.js';
import { ReplaceCartDialog } from '@/components/cart/ReplaceCartDialog.js';
import { holdsOtherRestaurant, quantityOf, type CartItem, type CartRestaurant } from '@/components/cart/cart.js';
import { useCart } from '@/components/cart/useCart.js';
import { CustomerLayout } from '@/components/layouts/CustomerLayout.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { ApiError } from '@/lib/apiError.js';
import { menuQuery, restaurantQuery } from '@/lib/restaurantsApi.js';
import { notifySuccess } from '@/lib/toast.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useMinuteClock } from '@/lib/useMinuteClock.js';
import { useCatalogUpdates } from '@/lib/useCatalogUpdates.js';
import { useOpeningState } from '@/lib/useOpeningState.js';
import { DishChoicesSheet } from './DishChoicesSheet.js';
import { RestaurantHeader } from './RestaurantHeader.js';
import { MenuCategoryBar } from './MenuCategoryBar.js';
import { MenuItemCard } from './MenuItemCard.js';
import { useActiveSection } from './useActiveSection.js';

/** One toast for every dish added: adding three in a row updates it rather than stacking three. */
const ADDED_TO_CART_TOAST = 'added-to-cart';

/** Unknown, inactive, or not even a valid id: for the customer it all means the same. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The header and the category bar stuck over the menu: a category counts as read once under them (scroll-mt-32 matches). */
const STICKY_BARS_HEIGHT_PX = 128;

function BackToRestaurants() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link to="/customer">
        <ArrowLeft aria-hidden />
        All restaurants
      </Link>
    </Button>
  );
}

/** Above the menu of a restaurant not taking orders: why, and until when; nothing while it takes them. */
function NotTakingOrdersNotice({ opening }: { opening: OpeningState | null }) {
  const label = opening && openingLabel(opening);
  if (!label) return null;
  return (
    <div role="status" className="flex gap-3 rounded-lg border bg-muted p-3 text-sm">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-0.5">
        <p className="font-medium">{label}</p>
        <p className="text-muted-foreground">
          You can still browse the menu and add dishes to your cart, then order once it takes orders again.
        </p>
      </div>
    </div>
  );
}

function MenuSkeleton() {
  return (
    <div aria-label="Loading menu" role="status" className="grid gap-6">
      <div className="overflow-hidden rounded-xl border sm:flex">
        <Skeleton className="aspect-[16/9] rounded-none sm:aspect-auto sm:h-48 sm:w-72" />
        <div className="grid flex-1 content-start gap-3 p-4 sm:p-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-36 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function Menu({ restaurant, items }: { restaurant: PublicRestaurant; items: PublicMenuItem[] }) {
  const { cart, add, replace, increase, decrease } = useCart();
  // Judged again every minute, so a dish sold out for today comes back at the opening without a reload.
  const now = useMinuteClock();
  const [pending, setPending] = useState<CartItem | null>(null);
  const [choosingId, setChoosingId] = useState<string | null>(null);
  const choosing = items.find((item) => item.id === choosingId) ?? null;
  const cartRestaurant: CartRestaurant = {
    id: restaurant.id,
    name: restaurant.name,
    currencySymbol: restaurant.currencySymbol,
  };

  const added = (item: CartItem) => notifySuccess('Added to cart', lineName(item), ADDED_TO_CART_TOAST);

  function addToCart(item: CartItem) {
    if (holdsOtherRestaurant(cart, restaurant.id)) {
      setPending(item);
      return;
    }
    add(cartRestaurant, item);
    added(item);
  }

  /** A dish without choices goes straight in; one with choices opens the sheet to pick them. */
  function tapAdd(menuItem: PublicMenuItem) {
    if (menuItem.optionGroups.length > 0) setChoosingId(menuItem.id);
    else addToCart({ menuItemId: menuItem.id, name: menuItem.name, price: menuItem.price, choiceIds: [], choices: [] });
  }

  function replaceCart() {
    if (!pending) return;
    replace(cartRestaurant, pending);
    added(pending);
    setPending(null);
  }

  const ownCart = cart?.restaurant.id === restaurant.id ? cart : null;
  const sections = groupByCategory(items).map((section, index) => ({ ...section, id: `menu-category-${index}` }));
  const [activeCategory, setActiveCategory] = useActiveSection(
    sections.map((section) => section.id),
    STICKY_BARS_HEIGHT_PX,
  );

  return (
    <>
      {sections.length === 0 ? (
        <EmptyState icon={UtensilsCrossed} title="Nothing on the menu right now" action={<BackToRestaurants />}>
          {restaurant.name} has no dishes available at the moment. Please check back later.
        </EmptyState>
      ) : (
        <div className="grid gap-8">
          {sections.length > 1 && <MenuCategoryBar categories={sections} active={activeCategory} onPick={setActiveCategory} />}
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="grid scroll-mt-32 gap-3"
            >
              <h2 id={`${section.id}-heading`} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
                {section.category}
              </h2>
              <ul className="grid gap-3 md:grid-cols-2">
                {section.items.map((item) => (
                  <li key={item.id}>
                    <MenuItemCard
                      item={item}
                      currencySymbol={restaurant.currencySymbol}
                      quantity={quantityOf(ownCart, item.id)}
                      soldOut={now !== null && isSoldOut(item.soldOutUntil, now)}
                      onAdd={() => tapAdd(item)}
                      onIncrease={() => increase(cartLineKey(item.id, []))}
                      onDecrease={() => decrease(cartLineKey(item.id, []))}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {ownCart && <CartBar cart={ownCart} />}
      <DishChoicesSheet
        item={choosing}
        currencySymbol={restaurant.currencySymbol}
        onAdd={(item) => {
          setChoosingId(null);
          addToCart(item);
        }}
        onClose={() => setChoosingId(null)}
      />
      <ReplaceCartDialog
        currentRestaurant={pending && cart ? cart.restaurant.name : null}
        newRestaurant={restaurant.name}
        onReplace={replaceCart}
        onKeep={() => setPending(null)}
      />
    </>
  );
}

/** /customer/restaurant/:id: the restaurant (and whether it takes orders now), its available dishes by category, and the cart. */
export default function RestaurantMenuPage() {
  const { id = '' } = useParams();
  const restaurant = useQuery(restaurantQuery(id));
  const menu = useQuery(menuQuery(id));
  useCatalogUpdates(id || null);
  const opening = useOpeningState(restaurant.data);
  const error = restaurant.error ?? menu.error;
  const missing = isMissing(error);
  useFailureToast(missing ? null : error, RESTAURANT_MESSAGES.loadFailed);

  let content;
  if (missing) {
    content = (
      <EmptyState role="alert" icon={SearchX} title={RESTAURANT_MESSAGES.notFound} action={<BackToRestaurants />}>
        This restaurant does not exist or is not taking orders right now.
      </EmptyState>
    );
  } else if (error) {
    content = (
      <LoadFailed
        title={RESTAURANT_MESSAGES.loadFailed}
        retrying={restaurant.isFetching || menu.isFetching}
        onRetry={() => void Promise.all([restaurant.refetch(), menu.refetch()])}
      />
    );
  } else if (restaurant.data && menu.data) {
    content = (
      <>
        <NotTakingOrdersNotice opening={opening} />
        <RestaurantHeader restaurant={restaurant.data} />
        <Menu restaurant={restaurant.data} items={menu.data} />
      </>
    );
  } else {
    content = <MenuSkeleton />;
  }

  return (
    <CustomerLayout>
      {/* Room at the end for the cart bar and a toast above it, so the last dish can be scrolled clear of both. */}
      <div className="grid gap-6 pb-40">
        <BackToRestaurants />
        {content}
      </div>
    </CustomerLayout>
  );
}
