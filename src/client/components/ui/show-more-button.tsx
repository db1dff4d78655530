import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn.js';
import { Button } from './button.js';

/** What the button needs of a useInfiniteQuery. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface ShowMoreButtonProps {
  pages: NextPages;
  /** The button's words. */
  children?: ReactNode;
  /** While the next page loads: 'spinner' keeps the words and shows a busy spinner; 'words' says 'Loading more…' instead. */
  loading?: 'spinner' | 'words';
  size?: ComponentProps<typeof Button>['size'];
  className?: string;
}

/** 'Show more' under a list the server serves in pages, while another page follows; nothing after the last. */
export function ShowMoreButton({ pages, children = 'Show more', loading = 'spinner', size, className }: ShowMoreButtonProps) {
  if (!pages.hasNextPage) return null;
  const fetching = pages.isFetchingNextPage;
  return (
    <Button
      variant="outline"
      size={size}
      className={cn('justify-self-center', className)}
      busy={loading === 'spinner' && fetching}
      disabled={loading === 'words' && fetching}
      onClick={() => void pages.fetchNextPage()}
    >
      {loading === 'words' && fetching ? 'Loading more…' : children}
    </Button>
  );
}
