import { z } from 'zod';

/** The minutes the board can add to the kitchen's preparation time while it is busy (issue 23). */
export const BUSY_MINUTES = [10, 20, 30] as const;

export const BUSY_MESSAGES = {
  minutes: 'Add 10, 20 or 30 minutes while busy',
  state: (minutes: number) => `Busy: +${minutes} min`,
  marked: (minutes: number) => `Kitchen busy: ${minutes} minutes added to new orders`,
  cleared: 'Back to normal preparation time',
  failed: 'Could not change the busy time. Please try again.',
} as const;

/** PUT /api/restaurants/:id/busy */
export const busyBodySchema = z.object({
  minutes: z.union(
    BUSY_MINUTES.map((minutes) => z.literal(minutes)),
    { message: BUSY_MESSAGES.minutes },
  ),
});
export type BusyBody = z.infer<typeof busyBodySchema>;

/** What marking the kitchen busy or clearing it answers: the minutes added now, 0 when none. */
export const busyViewSchema = z.object({ busyMinutes: z.number().int() });
export type BusyView = z.infer<typeof busyViewSchema>;
