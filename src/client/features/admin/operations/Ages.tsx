import { positionAgeLabel, useServerNow, waitingLabel } from './operationsTimes.js';

/** 'waiting 4 min', moving on every second. */
export function WaitingFor({ readyAt, offsetMs }: { readyAt: string; offsetMs: number }) {
  return <span className="tabular-nums">{waitingLabel(readyAt, useServerNow(offsetMs))}</span>;
}

/** 'position 12 s ago', moving on every second. */
export function PositionAge({ at, offsetMs }: { at: string | null; offsetMs: number }) {
  return <span className="tabular-nums">{positionAgeLabel(at, useServerNow(offsetMs))}</span>;
}
