import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { JOB_MESSAGES, JOB_QUEUE_LABELS, type TroubledJob } from '@shared/jobs/schemas.js';
import { countOf } from '@shared/plural.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardTitle } from '@/components/ui/card.js';
import { formatDateTime } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { retryJob, troubledJobsQuery } from './jobsApi.js';

/** One failed job: its queue, whether it will try again or is dead, its tries and last error; a dead one can be retried. */
export function TroubledJobCard({ job }: { job: TroubledJob }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job),
    onSuccess: () => notifySuccess('Job retried', JOB_MESSAGES.retried),
    onError: (error) => notifyError(error instanceof Error && error.message ? error.message : JOB_MESSAGES.retryFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: troubledJobsQuery().queryKey }),
  });
  const dead = job.state === 'dead';
  return (
    <Card>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-base">
            {JOB_QUEUE_LABELS[job.queue]}
          </CardTitle>
          <Badge variant={dead ? 'destructive' : 'secondary'}>{dead ? 'Dead' : 'Retrying'}</Badge>
        </div>
        <p className="text-muted-foreground">
          Queued {formatDateTime(job.createdAt)} · {countOf(job.tries, 'try', 'tries')}
          {job.nextTryAt ? ` · next try ${formatDateTime(job.nextTryAt)}` : ''}
        </p>
        {job.error && <p className="rounded-md bg-muted p-2 font-mono text-xs break-words">{job.error}</p>}
        {dead && (
          <Button
            variant="outline"
            className="h-11 w-full sm:w-fit"
            busy={retry.isPending}
            onClick={() => retry.mutate()}
            aria-label={`Retry ${JOB_QUEUE_LABELS[job.queue]} job queued ${formatDateTime(job.createdAt)}`}
          >
            <RotateCcw aria-hidden />
            Retry
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
