import type { NotificationKind } from '@shared/notifications/kinds.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { toE164 } from '@shared/phone.js';
import type { Db } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';
import { whoWants } from './optOutsRepository.js';
import { claimDueAlerts, findActiveAdminIds, findPhones, type DueAlert } from './orderAlertsRepository.js';
import { queueAllSms } from './sms/outbox.js';

export interface AlertMinutes {
  waitingMinutes: number;
  unassignedMinutes: number;
}

const KINDS = { waiting: 'order-waiting', unassigned: 'order-unassigned' } as const satisfies Record<
  DueAlert['alert'],
  NotificationKind
>;

function alertText(due: DueAlert, minutes: AlertMinutes): string {
  const order = `order #${shortOrderId(due.orderId)}`;
  return due.alert === 'waiting'
    ? `ChopChop: new ${order} at ${due.restaurantName} has waited ${minutes.waitingMinutes} min. Open your order board to accept it.`
    : `ChopChop: ${order} from ${due.restaurantName} has been ready ${minutes.unassignedMinutes} min with no rider. Assign one in Order Management.`;
}

/**
 * The `order-alerts` job, scheduled every minute once across every instance: each alert now due
 * (orderAlertsRepository.ts) goes by SMS to the restaurant's owner (a new order left alone) or to
 * every active admin (a ready order no rider has), unless they turned it off; a recipient whose
 * number cannot be read in the restaurant's country is skipped. One transaction: the alerts are
 * claimed exactly when their SMS are queued. The same few reads and two writes however many alerts are due.
 * Returns how many SMS were queued.
 */
export async function sendDueAlerts({ db, jobs }: { db: Db; jobs: Jobs }, minutes: AlertMinutes): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await claimDueAlerts(tx, minutes);
    if (due.length === 0) return 0;
    const owners = [...new Set(due.filter((alert) => alert.alert === 'waiting').map((alert) => alert.ownerId))];
    const admins = due.some((alert) => alert.alert === 'unassigned') ? await findActiveAdminIds(tx) : [];
    const wantingOwners = new Set(await whoWants(tx, owners, KINDS.waiting, 'sms'));
    const wantingAdmins = await whoWants(tx, admins, KINDS.unassigned, 'sms');
    const phones = new Map(
      (await findPhones(tx, [...wantingOwners, ...wantingAdmins])).map(({ userId, phone }) => [userId, phone]),
    );
    const messages = due.flatMap((alert) => {
      const recipients = alert.alert === 'waiting' ? [alert.ownerId].filter((id) => wantingOwners.has(id)) : wantingAdmins;
      return recipients.flatMap((userId) => {
        const phone = phones.get(userId);
        const to = phone ? toE164(phone, alert.country) : undefined;
        return to ? [{ to, body: alertText(alert, minutes), kind: KINDS[alert.alert] }] : [];
      });
    });
    await queueAllSms(tx, jobs, messages);
    return messages.length;
  });
}
