import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { VERIFICATION_MESSAGES } from '@shared/admin/verificationList.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { DriverVerificationCard } from './DriverVerificationCard.js';
import { verificationDriversQuery } from './verificationApi.js';

/** The 'Driver Verification' tab: every driver, those waiting for verification first. */
export function DriverVerificationList() {
  const drivers = useInfiniteQuery(verificationDriversQuery());
  useFailureToast(drivers.error, VERIFICATION_MESSAGES.loadFailed);
  return (
    <PagedList
      query={drivers}
      itemKey={(driver) => driver.userId}
      renderItem={(driver) => <DriverVerificationCard driver={driver} />}
      loadingLabel="Loading drivers"
      failedTitle={VERIFICATION_MESSAGES.loadFailed}
      emptyIcon={Users}
      emptyTitle={VERIFICATION_MESSAGES.empty}
      skeletonClassName="h-72"
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
    />
  );
}
