import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { troubledJobsSchema, type TroubledJob } from '@shared/jobs/schemas.js';
import { api } from '@/lib/api.js';

export const troubledJobsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'jobs'],
    queryFn: ({ signal }) => api('/api/admin/jobs', { schema: troubledJobsSchema, signal }),
    // A retrying job moves on by itself: the list follows it while the page is open.
    refetchInterval: 15_000,
  });

export const retryJob = (job: Pick<TroubledJob, 'queue' | 'id'>) =>
  api(`/api/admin/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`, {
    method: 'POST',
    schema: z.undefined(),
  });
