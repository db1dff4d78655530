import { z } from 'zod';
import { CHANNELS, NOTIFICATION_KIND_NAMES, type NotificationKind } from './kinds.js';

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Your notification settings are saved',
  notYours: 'Your account does not receive that message',
  loadFailed: 'Could not load your notification settings. Please try again.',
  saveFailed: 'Could not save your notification settings. Please try again.',
} as const;

/** One message on one channel, on or off. */
const notificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
  channel: z.enum(CHANNELS),
  enabled: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/**
 * GET /api/notifications/settings: every message the user's role receives, on each channel it
 * goes by; PUT the same shape with the ones to change (any not named stay as they are).
 */
export const notificationSettingsSchema = z.object({
  items: z.array(notificationSettingSchema).max(NOTIFICATION_KIND_NAMES.length * CHANNELS.length, 'Too many settings'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
