import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '@shared/notifications/kinds.js';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSetting,
  type NotificationSettings,
} from '@shared/notifications/settings.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { badRequest } from '../http/errors.js';
import { receivesNotification } from '../policy.js';
import { findTurnedOff, saveSettings } from './optOutsRepository.js';

const goesBy = ({ kind, channel }: Pick<NotificationSetting, 'kind' | 'channel'>) =>
  (NOTIFICATION_KINDS[kind].channels as readonly string[]).includes(channel);

/** Every message the user's role receives, on each channel it goes by, on unless they turned it off. */
export async function readSettings(db: Queryable, user: AuthUser): Promise<NotificationSettings> {
  const kinds = NOTIFICATION_KIND_NAMES.filter((kind) => receivesNotification(user, kind));
  const off = kinds.length > 0 ? await findTurnedOff(db, user.userId, kinds) : new Set<string>();
  return {
    items: kinds.flatMap((kind) =>
      NOTIFICATION_KINDS[kind].channels.map((channel) => ({ kind, channel, enabled: !off.has(`${kind}/${channel}`) })),
    ),
  };
}

/** Turns messages on or off; a message the user's role does not receive, or a channel it does not go by, is refused. */
export async function changeSettings(db: Db, user: AuthUser, settings: NotificationSetting[]): Promise<NotificationSettings> {
  if (settings.some((setting) => !receivesNotification(user, setting.kind) || !goesBy(setting))) {
    throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.notYours);
  }
  await saveSettings(db, user.userId, settings);
  return readSettings(db, user);
}
