import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IdCard, ScanFace, ShieldCheck, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { VerificationDriver } from '@shared/admin/verificationList.js';
import type { IdCheckResult } from '@shared/verification/schemas.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { formatDate } from '@/lib/format.js';
import { idCheckFailure, idCheckOutcome, verifyButtonState, type IdCheckToast } from './idCheck.js';
import { runIdCheck, verificationKey } from './verificationApi.js';

const show = ({ kind, title, description }: IdCheckToast) =>
  kind === 'success' ? toast.success(title, { description }) : toast.error(title, { description });

/** One of the two pictures the check compares, or a placeholder when there is none or it fails to load. */
function Picture({ src, alt, caption, icon }: { src: string | null; alt: string; caption: string; icon: ReactNode }) {
  const [broken, setBroken] = useState(false);
  return (
    <figure className="grid gap-1.5">
      <div className="grid aspect-[4/3] place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
        {src && !broken ? (
          <img src={src} alt={alt} loading="lazy" className="size-full object-cover" onError={() => setBroken(true)} />
        ) : (
          <span className="grid justify-items-center gap-1 p-2 text-center text-xs">
            {icon}
            No image
          </span>
        )}
      </div>
      <figcaption className="text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

/** What the last ID check found: shown once the list carries it, or after a check run from this page. */
function LastCheck({ result }: { result: IdCheckResult }) {
  return (
    <dl aria-label="Last ID check" className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted-foreground">Last check:</dt>
        <dd className="font-medium">
          {result.verified ? 'Passed' : 'Not passed'}, {Math.round(result.confidence)}% confidence
        </dd>
      </div>
      {result.reason && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Reason:</dt>
          <dd className="[overflow-wrap:anywhere]">{result.reason}</dd>
        </div>
      )}
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted-foreground">Name on the card:</dt>
        <dd className="[overflow-wrap:anywhere]">{result.extractedName ?? 'Not read'}</dd>
      </div>
    </dl>
  );
}

/** A driver with their national ID and photo, their status, and the button that runs the ID check. */
export function DriverVerificationCard({ driver }: { driver: VerificationDriver }) {
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<IdCheckResult | null>(null);
  const check = useMutation({
    mutationFn: () => runIdCheck(driver.userId),
    onSuccess: (reply) => {
      const outcome = idCheckOutcome(reply);
      show(outcome.toast);
      if (outcome.result) setChecked(outcome.result);
      if (outcome.result?.verified) void queryClient.invalidateQueries({ queryKey: verificationKey });
    },
    onError: (error) => show(idCheckFailure(error)),
  });
  const button = verifyButtonState(driver, check.isPending);
  const last = checked ?? driver.lastCheck ?? null;
  const headingId = `driver-${driver.userId}`;

  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
            {driver.fullName}
          </h2>
          <p className="text-xs text-muted-foreground">Signed up {formatDate(driver.createdAt)}</p>
        </div>
        {driver.isVerified ? (
          <Badge variant="success">
            <ShieldCheck aria-hidden />
            Verified
          </Badge>
        ) : (
          <Badge variant="secondary">Pending</Badge>
        )}
      </header>
      <div className="grid grid-cols-2 gap-3">
        <Picture
          src={driver.nationalIdUrl}
          alt={`National ID of ${driver.fullName}`}
          caption="National ID"
          icon={<IdCard aria-hidden className="size-6" />}
        />
        <Picture
          src={driver.avatarUrl}
          alt={`Photo of ${driver.fullName}`}
          caption="Driver photo"
          icon={<UserRound aria-hidden className="size-6" />}
        />
      </div>
      {last && <LastCheck result={last} />}
      <Button className="h-11 w-full sm:w-fit" disabled={button.disabled} busy={check.isPending} onClick={() => check.mutate()}>
        {!check.isPending && <ScanFace aria-hidden />}
        {button.label}
      </Button>
    </article>
  );
}
