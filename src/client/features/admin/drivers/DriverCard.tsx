import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Banknote, Car, MapPin, Phone, ShieldOff } from 'lucide-react';
import { ADMIN_DRIVER_MESSAGES, type AdminDriverView } from '@shared/admin/drivers.js';
import { VEHICLE_TYPE_LABELS } from '@shared/auth/schemas.js';
import { CASH_MESSAGES } from '@shared/drivers/cash.js';
import { formatMoney } from '@shared/money.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { formatCoordinate } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { PersonAvatar } from '../users/PersonAvatar.js';
import { CashHandInDialog } from './CashHandInDialog.js';
import { DocumentsDialog } from './DocumentsDialog.js';
import { adminDriversKey, setDriverVerified } from './driversApi.js';

/** The cash the driver holds per currency, each over its limit said so (issue 22 item 4). */
function CashHeld({ driver }: { driver: AdminDriverView }) {
  if (driver.cash.length === 0) return <>{CASH_MESSAGES.noCash}</>;
  return (
    <ul className="grid gap-0.5">
      {driver.cash.map((cash) => (
        <li key={cash.currencySymbol} className="flex flex-wrap items-center gap-1.5 tabular-nums">
          {formatMoney(cash.held, cash.currencySymbol)}
          {cash.overLimit && cash.limit !== null && (
            <Badge variant="destructive">Over the {formatMoney(cash.limit, cash.currencySymbol)} limit</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One driver in Driver Management: who they are, their vehicle, position and cash, Verify / Unverify and cash hand-ins. */
export function DriverCard({ driver }: { driver: AdminDriverView }) {
  const queryClient = useQueryClient();
  const verification = useMutation({
    mutationFn: (verified: boolean) => setDriverVerified(driver.userId, verified),
    onSuccess: async (changed) => {
      notifySuccess(changed.isVerified ? ADMIN_DRIVER_MESSAGES.verified : ADMIN_DRIVER_MESSAGES.unverified, changed.fullName);
      await queryClient.invalidateQueries({ queryKey: adminDriversKey });
    },
    onError: () => notifyError(ADMIN_DRIVER_MESSAGES.updateFailed),
  });
  const hasPosition = driver.latitude !== null && driver.longitude !== null;

  return (
    <article aria-label={driver.fullName} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <PersonAvatar name={driver.fullName} url={driver.avatarUrl} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="truncate font-semibold">{driver.fullName}</h2>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={driver.isVerified ? 'success' : 'secondary'}>{driver.isVerified ? 'Verified' : 'Not Verified'}</Badge>
            <Badge variant={driver.isAvailable ? 'default' : 'outline'}>{driver.isAvailable ? 'Available' : 'Unavailable'}</Badge>
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Phone aria-hidden className="size-4 shrink-0" />
            {driver.phone || 'No phone'}
          </p>
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Vehicle</dt>
          <dd className="flex items-center gap-1.5">
            <Car aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {driver.vehicleModel} ({VEHICLE_TYPE_LABELS[driver.vehicleType]})
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Plate</dt>
          <dd className="font-mono">{driver.plateNumber}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Location</dt>
          <dd className="flex items-center gap-1.5 tabular-nums">
            <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {hasPosition
              ? `${formatCoordinate(driver.latitude!, 4)}, ${formatCoordinate(driver.longitude!, 4)}`
              : ADMIN_DRIVER_MESSAGES.noLocation}
          </dd>
        </div>
        <div className="grid gap-0.5 sm:col-span-3">
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <Banknote aria-hidden className="size-4 shrink-0" />
            Cash held
          </dt>
          <dd>
            <CashHeld driver={driver} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2 border-t pt-3">
        <DocumentsDialog driver={driver} />
        <CashHandInDialog driver={driver} />
        <Button
          variant={driver.isVerified ? 'outline' : 'default'}
          className="ml-auto h-11"
          busy={verification.isPending}
          aria-label={`${driver.isVerified ? 'Unverify' : 'Verify'} ${driver.fullName}`}
          onClick={() => verification.mutate(!driver.isVerified)}
        >
          {!verification.isPending && (driver.isVerified ? <ShieldOff aria-hidden /> : <BadgeCheck aria-hidden />)}
          {driver.isVerified ? 'Unverify' : 'Verify'}
        </Button>
      </div>
    </article>
  );
}
