import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus, Store, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { groupByCategory, UNCATEGORIZED } from '@shared/menu/categories.js';
import { MENU_MESSAGES, type OwnMenuItem } from '@shared/menu/schemas.js';
import { RESTAURANT_MESSAGES, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { Button, buttonVariants } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { useFocusKept } from '@/lib/useFocusKept.js';
import { ownMenuQuery, ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { deleteMenuItem, reorderMenu } from './menuApi.js';
import { MoveButtons } from './MoveButtons.js';
import { MenuItemDialog } from './MenuItemDialog.js';
import { moveCategory, moveItem, usedCategories } from './menuOrder.js';
import { OwnMenuItemCard } from './OwnMenuItemCard.js';

const GRID = 'grid gap-4 md:grid-cols-2 lg:grid-cols-3';

function BackToDashboard() {
  return (
    <Link to="/restaurant/dashboard" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft aria-hidden />
      <span className="max-sm:sr-only">Back to Dashboard</span>
    </Link>
  );
}

function MenuSkeleton() {
  return (
    <div className={GRID} role="status" aria-label="Loading menu">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-72 rounded-xl" />
      ))}
    </div>
  );
}

export default function MenuManagementPage() {
  const restaurant = useQuery(ownRestaurantQuery());

  return (
    <SignedInLayout title="Menu Management" actions={<BackToDashboard />}>
      <div className="grid gap-6">
        <PageTitle>Menu Management</PageTitle>
        {restaurant.isPending ? (
          <MenuSkeleton />
        ) : restaurant.isError ? (
          <LoadFailed
            title={RESTAURANT_MESSAGES.loadFailed}
            retrying={restaurant.isFetching}
            onRetry={() => void restaurant.refetch()}
          />
        ) : restaurant.data === null ? (
          <EmptyState
            icon={Store}
            title={RESTAURANT_MESSAGES.noneYet}
            action={
              <Link to="/restaurant/setup" className={buttonVariants()}>
                Set Up Restaurant
              </Link>
            }
          />
        ) : (
          <RestaurantMenu restaurant={restaurant.data} />
        )}
      </div>
    </SignedInLayout>
  );
}

function RestaurantMenu({ restaurant }: { restaurant: OwnRestaurant }) {
  const queryClient = useQueryClient();
  const menuKey = ownMenuQuery(restaurant.id).queryKey;
  const menu = useQuery(ownMenuQuery(restaurant.id));
  const [editing, setEditing] = useState<{ item: OwnMenuItem | null } | null>(null);
  const [deleting, setDeleting] = useState<OwnMenuItem | null>(null);

  const remove = useMutation({
    mutationFn: deleteMenuItem,
    onSuccess: () => notifySuccess(MENU_MESSAGES.deleted),
    onError: (error) => notifyError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKey }),
  });
  const reorder = useMutation({
    mutationFn: reorderMenu,
    onSuccess: (items) => queryClient.setQueryData(menuKey, items),
    onError: async (error) => {
      notifyError(error.message);
      await queryClient.invalidateQueries({ queryKey: menuKey });
    },
  });
  const { group, noteFocus } = useFocusKept<HTMLDivElement>(reorder.isPending);
  const move = (itemIds: string[]) => {
    noteFocus();
    reorder.mutate({ restaurantId: restaurant.id, itemIds });
  };

  const items = menu.data ?? [];
  const sections = groupByCategory(items);
  const canMove = (next: string[] | null) => (next ? () => move(next) : undefined);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">Restaurant</p>
          <h2 className="text-xl font-semibold break-words">{restaurant.name}</h2>
        </div>
        <Button className="min-h-11" onClick={() => setEditing({ item: null })}>
          <Plus aria-hidden />
          Add Menu Item
        </Button>
      </div>

      {menu.isPending ? (
        <MenuSkeleton />
      ) : menu.isError ? (
        <LoadFailed title={MENU_MESSAGES.loadFailed} retrying={menu.isFetching} onRetry={() => void menu.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={UtensilsCrossed} title={MENU_MESSAGES.empty} />
      ) : (
        <div ref={group} className="grid gap-8">
          {sections.map((section) => (
            <section key={section.category} aria-label={section.category} className="grid gap-3">
              <div className="flex items-center gap-2">
                <h3 className="mr-auto text-lg font-semibold">{section.category}</h3>
                {section.category !== UNCATEGORIZED && (
                  <MoveButtons
                    what={`category ${section.category}`}
                    moving={reorder.isPending}
                    onUp={canMove(moveCategory(items, section.category, -1))}
                    onDown={canMove(moveCategory(items, section.category, 1))}
                  />
                )}
              </div>
              <div className={GRID}>
                {section.items.map((item) => (
                  <OwnMenuItemCard
                    key={item.id}
                    item={item}
                    currencySymbol={restaurant.currencySymbol}
                    moving={reorder.isPending}
                    onMoveUp={canMove(moveItem(items, item.id, -1))}
                    onMoveDown={canMove(moveItem(items, item.id, 1))}
                    onEdit={() => setEditing({ item })}
                    onDelete={() => setDeleting(item)}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      <MenuItemDialog
        restaurantId={restaurant.id}
        item={editing?.item ?? null}
        categories={usedCategories(items)}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name}?`}
        description={MENU_MESSAGES.confirmDelete}
        cancelLabel="Cancel"
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && remove.mutate({ restaurantId: restaurant.id, itemId: deleting.id })}
      />
    </>
  );
}
