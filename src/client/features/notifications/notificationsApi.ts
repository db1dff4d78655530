import { queryOptions } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSetting } from '@shared/notifications/settings.js';
import { api } from '@/lib/api.js';

const SETTINGS_PATH = '/api/notifications/settings';

/** Every message the signed-in user's role receives, on each channel it goes by, on or off. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'settings'],
    queryFn: ({ signal }) => api(SETTINGS_PATH, { schema: notificationSettingsSchema, signal }),
  });

/** Saves the settings named (the others stay as they are); the server answers with the whole list. */
export const saveNotificationSettings = (items: NotificationSetting[]) =>
  api(SETTINGS_PATH, { method: 'PUT', body: { items }, schema: notificationSettingsSchema });
