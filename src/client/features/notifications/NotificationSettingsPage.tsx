import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellOff } from 'lucide-react';
import { useId } from 'react';
import {
  CHANNELS,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type Channel,
  type NotificationKind,
} from '@shared/notifications/kinds.js';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSetting,
  type NotificationSettings,
} from '@shared/notifications/settings.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Label } from '@/components/ui/label.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { Switch } from '@/components/ui/switch.js';
import { ApiError } from '@/lib/apiError.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { notificationSettingsQuery, saveNotificationSettings } from './notificationsApi.js';

const CHANNEL_LABELS: Record<Channel, string> = { sms: 'SMS', email: 'Email' };

const SAVE_KEY = ['notifications', 'settings', 'save'];
/** One 'saved' toast for a run of quick changes, not one each. */
const SAVED_TOAST_ID = 'notification-settings-saved';

interface KindRow {
  kind: NotificationKind;
  settings: Partial<Record<Channel, NotificationSetting>>;
}

/** The server's list as one row per kind, in the order NOTIFICATION_KINDS names them. */
function rowsOf(items: readonly NotificationSetting[]): KindRow[] {
  return NOTIFICATION_KIND_NAMES.flatMap((kind) => {
    const ofKind = items.filter((item) => item.kind === kind);
    if (ofKind.length === 0) return [];
    return [{ kind, settings: Object.fromEntries(ofKind.map((item) => [item.channel, item])) }];
  });
}

const withSetting = (settings: NotificationSettings, change: NotificationSetting): NotificationSettings => ({
  items: settings.items.map((item) =>
    item.kind === change.kind && item.channel === change.channel ? { ...item, enabled: change.enabled } : item,
  ),
});

/** A switch saved as soon as it is flipped; a failed save flips only that switch back, whatever else changed meanwhile. */
function useSaveSetting() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQuery();
  return useMutation({
    mutationKey: SAVE_KEY,
    mutationFn: (change: NotificationSetting) => saveNotificationSettings([change]),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current) => current && withSetting(current, change));
    },
    onError: (error, change) => {
      queryClient.setQueryData(queryKey, (current) => current && withSetting(current, { ...change, enabled: !change.enabled }));
      notifyError(error instanceof ApiError && error.status === 400 ? error.message : NOTIFICATION_SETTINGS_MESSAGES.saveFailed);
    },
    onSuccess: (saved) => {
      // An earlier reply does not know of a later change still on its way: only the last one is the whole truth.
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1) queryClient.setQueryData(queryKey, saved);
      notifySuccess(NOTIFICATION_SETTINGS_MESSAGES.saved, undefined, SAVED_TOAST_ID);
    },
  });
}

function ChannelSwitch({ setting, onChange }: { setting: NotificationSetting; onChange: (change: NotificationSetting) => void }) {
  const id = useId();
  const channel = CHANNEL_LABELS[setting.channel];
  return (
    <div className="flex items-center gap-1">
      <Label htmlFor={id} className="min-h-11 cursor-pointer">
        {channel}
      </Label>
      <Switch
        id={id}
        aria-label={`${channel}: ${NOTIFICATION_KINDS[setting.kind].label}`}
        checked={setting.enabled}
        onCheckedChange={(enabled) => onChange({ ...setting, enabled })}
      />
    </div>
  );
}

function SettingsList({ items }: { items: readonly NotificationSetting[] }) {
  const save = useSaveSetting();
  const channelsInUse = CHANNELS.filter((channel) => items.some((item) => item.channel === channel));
  return (
    <ul aria-label="Messages" className="divide-y rounded-xl border bg-card shadow-sm">
      {rowsOf(items).map(({ kind, settings }) => (
        <li key={kind} className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
          <span className="min-w-0 flex-1 basis-56 py-2 font-medium">{NOTIFICATION_KINDS[kind].label}</span>
          <div className="ml-auto flex gap-4">
            {channelsInUse.map((channel) => {
              const setting = settings[channel];
              // Every row keeps a place for each channel of the list, so the SMS and Email switches line up in columns.
              return (
                <div key={channel} className="flex w-24 justify-end">
                  {setting && <ChannelSwitch setting={setting} onChange={(change) => save.mutate(change)} />}
                </div>
              );
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /settings/notifications: which messages about orders reach the signed-in user by SMS and by email. */
export default function NotificationSettingsPage() {
  const settings = useQuery(notificationSettingsQuery());
  useFailureToast(settings.error, NOTIFICATION_SETTINGS_MESSAGES.loadFailed);

  return (
    <SignedInLayout title="Notifications">
      <div className="grid max-w-2xl gap-5">
        <PageTitle>Notifications</PageTitle>
        <p className="text-sm text-muted-foreground">
          Choose which messages about your orders reach you by SMS and by email. Each change is saved at once.
        </p>
        {settings.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading your notification settings">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : settings.isError ? (
          <LoadFailed
            title={NOTIFICATION_SETTINGS_MESSAGES.loadFailed}
            retrying={settings.isFetching}
            onRetry={() => void settings.refetch()}
          />
        ) : settings.data.items.length === 0 ? (
          <EmptyState icon={BellOff} title="No messages to choose">
            Your account is not sent SMS or email about orders.
          </EmptyState>
        ) : (
          <SettingsList items={settings.data.items} />
        )}
      </div>
    </SignedInLayout>
  );
}
