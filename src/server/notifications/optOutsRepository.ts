import { and, eq, inArray } from 'drizzle-orm';
import type { Channel, NotificationKind } from '@shared/notifications/kinds.js';
import type { NotificationSetting } from '@shared/notifications/settings.js';
import type { Db, Queryable } from '../db/client.js';
import { notificationOptOuts } from '../db/schema.js';

/** SQL of the messages users turned off (notification_opt_outs): a row means "do not send". */

const optOut = (kind: string, channel: Channel) =>
  and(eq(notificationOptOuts.kind, kind), eq(notificationOptOuts.channel, channel));

/** Of `userIds`, those who want `kind` on `channel`. */
export async function whoWants(db: Queryable, userIds: string[], kind: NotificationKind, channel: Channel): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notificationOptOuts.userId })
    .from(notificationOptOuts)
    .where(and(inArray(notificationOptOuts.userId, userIds), optOut(kind, channel)));
  const optedOut = new Set(rows.map((row) => row.userId));
  return userIds.filter((id) => !optedOut.has(id));
}

/** Of these kinds, the ones the user turned off, as `kind/channel`. */
export async function findTurnedOff(db: Queryable, userId: string, kinds: NotificationKind[]): Promise<Set<string>> {
  const rows = await db
    .select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.userId, userId), inArray(notificationOptOuts.kind, kinds)));
  return new Set(rows.map(({ kind, channel }) => `${kind}/${channel}`));
}

/** Turns each setting on (no row) or off (a row), all in one transaction. */
export async function saveSettings(db: Db, userId: string, settings: NotificationSetting[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { kind, channel, enabled } of settings) {
      if (enabled) {
        await tx.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, userId), optOut(kind, channel)));
      } else {
        await tx.insert(notificationOptOuts).values({ userId, kind, channel }).onConflictDoNothing();
      }
    }
  });
}
