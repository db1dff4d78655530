import { z } from 'zod';
import { uuidSchema } from '../fields.js';

export const SOLD_OUT_MESSAGES = {
  marked: (name: string) => `${name} is sold out for today`,
  back: (name: string) => `${name} is back on the menu`,
  failed: 'Could not change what is sold out. Please try again.',
  choiceNotFound: 'That choice is not on this dish',
  invalidChoice: 'That is not a valid choice id',
} as const;

/** Which choice of the dish is sold out or back; none: the dish itself. */
export const soldOutTargetSchema = z.object({ choiceId: uuidSchema(SOLD_OUT_MESSAGES.invalidChoice).optional() });
export type SoldOutTarget = z.infer<typeof soldOutTargetSchema>;

/** Until when a dish or choice is sold out (ISO), by choice id for choices; absent or past: it can be had. */
export const soldOutUntilSchema = z.iso.datetime({ offset: true }).nullable();
export const choicesSoldOutSchema = z.record(z.string(), z.iso.datetime({ offset: true }));
export type ChoicesSoldOut = z.infer<typeof choicesSoldOutSchema>;

/** Whether something sold out `until` is still sold out at `now`. */
export const isSoldOut = (until: string | null | undefined, now: Date = new Date()): boolean =>
  until != null && Date.parse(until) > now.getTime();

/** The ids of a dish's choices sold out at `now`. */
export function soldOutChoiceIds(choicesSoldOut: ChoicesSoldOut, now: Date = new Date()): Set<string> {
  const ids = new Set<string>();
  for (const id in choicesSoldOut) if (isSoldOut(choicesSoldOut[id], now)) ids.add(id);
  return ids;
}
