import { KeyRound } from 'lucide-react';

/** The code the customer gives the driver at the door: large, spaced digits that are easy to read out. */
export function DeliveryCode({ code }: { code: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-primary/30 bg-accent px-4 py-3">
      <div className="flex items-center gap-2">
        <KeyRound aria-hidden className="size-5 shrink-0 text-primary" />
        <div>
          <p className="text-sm font-semibold">Delivery code</p>
          <p className="text-xs text-muted-foreground">Give it to your driver when your food arrives.</p>
        </div>
      </div>
      <p className="font-mono text-3xl font-bold tracking-[0.3em] tabular-nums">{code}</p>
    </div>
  );
}
