import { Skeleton } from '@/components/ui/skeleton.js';

/** Stand-ins for order cards while a list loads. */
export function CardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
    </div>
  );
}
