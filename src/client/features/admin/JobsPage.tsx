import { useQuery } from '@tanstack/react-query';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { troubledJobsQuery } from './jobs/jobsApi.js';
import { TroubledJobCard } from './jobs/TroubledJobCard.js';

const LOAD_FAILED = 'Could not load the jobs. Please try again.';

/** /admin/jobs: background jobs (emails, refunds, the payment sweep) that failed, retrying or dead, newest first. */
export default function JobsPage() {
  const jobs = useQuery(troubledJobsQuery());
  useFailureToast(jobs.error, LOAD_FAILED);
  return (
    <div className="grid gap-5">
      <PageTitle>Background Jobs</PageTitle>
      <p className="text-sm text-muted-foreground">
        Emails, text messages, push notifications, refunds, payouts, order alerts and the payment sweep run in the background and
        are retried when they fail. A job is dead once its tries are spent: fix the cause (the mail server, the SMS provider,
        Paystack), then retry it.
      </p>
      {jobs.isPending ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading jobs">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : jobs.isError ? (
        <EmptyState
          icon={TriangleAlert}
          role="alert"
          title={LOAD_FAILED}
          action={<Button onClick={() => void jobs.refetch()}>Try again</Button>}
        />
      ) : jobs.data.items.length === 0 ? (
        <EmptyState icon={CircleCheck} title="No failed jobs">
          Every background job has run.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Failed jobs">
          {jobs.data.items.map((job) => (
            <li key={job.id}>
              <TroubledJobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
