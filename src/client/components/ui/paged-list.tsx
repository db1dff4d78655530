import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, LoadFailed } from './empty-state.js';
import { ShowMoreButton } from './show-more-button.js';
import { Skeleton } from './skeleton.js';

interface PagedStatesProps<Item> {
  /** A useInfiniteQuery over the server's pages ({ items, nextCursor }). */
  query: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  /** Announced while the first page loads, e.g. 'Loading users'. */
  loadingLabel: string;
  /** The title of the error toast when a page fails to load, 'Failed to load ...'. */
  failedTitle: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  /** Tailwind height of one placeholder while the first page loads. */
  skeletonClassName?: string;
  /** The items of every page loaded so far, as a list or a table. */
  children: (items: Item[]) => ReactNode;
}

/**
 * What the server serves in pages, in whatever shape `children` gives it: placeholders while the
 * first page loads, a failure with 'Try again', the empty state, then the items and 'Show more'
 * while more pages follow.
 */
export function PagedStates<Item>({
  query,
  loadingLabel,
  failedTitle,
  emptyIcon,
  emptyTitle,
  skeletonClassName = 'h-28',
  children,
}: PagedStatesProps<Item>) {
  const shown = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return (
      <div role="status" aria-label={loadingLabel} className="grid gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className={`${skeletonClassName} w-full rounded-xl`} />
        ))}
      </div>
    );
  }
  if (query.isError && shown.length === 0) {
    return <LoadFailed title={failedTitle} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  if (shown.length === 0) return <EmptyState icon={emptyIcon} title={emptyTitle} />;
  return (
    <div className="grid gap-3">
      {children(shown)}
      <ShowMoreButton pages={query} loading="words" className="h-11" />
    </div>
  );
}

interface PagedListProps<Item> extends Omit<PagedStatesProps<Item>, 'children'> {
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  className?: string;
}

/** A list the server serves in pages (PagedStates), one list item per item. */
export function PagedList<Item>({ itemKey, renderItem, className = 'grid gap-3', ...states }: PagedListProps<Item>) {
  return (
    <PagedStates {...states}>
      {(items) => (
        <ul className={className}>
          {items.map((item) => (
            <li key={itemKey(item)} className="contents">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </PagedStates>
  );
}
