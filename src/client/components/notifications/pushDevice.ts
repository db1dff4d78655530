import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { pushKeySchema, pushSubscriptionSchema } from '@shared/notifications/push.js';
import { api } from '@/lib/api.js';
import { useAuth } from '@/lib/authContext.js';

/**
 * Web push on this device (decision 020): the browser's subscription with the app's service
 * worker, made with the server's VAPID key, and kept on the server for the signed-in session.
 */

/** Whether this browser has what push messages need; the service worker must also be there (production builds). */
const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's push manager once it is active, or undefined without one. */
async function pushManager(): Promise<PushManager | undefined> {
  if (!pushSupported() || !(await navigator.serviceWorker.getRegistration())) return undefined;
  return (await navigator.serviceWorker.ready).pushManager;
}

const pushKeyQuery = () =>
  queryOptions({
    queryKey: ['push', 'key'],
    queryFn: ({ signal }) => api('/api/push/key', { schema: pushKeySchema, auth: false, signal }),
    staleTime: Infinity,
  });

const deviceKey = ['push', 'device'] as const;

/** Whether this device can take push messages, and whether it has subscribed. */
export interface PushDevice {
  available: boolean;
  subscribed: boolean;
}

const deviceQuery = () =>
  queryOptions({
    queryKey: deviceKey,
    queryFn: async (): Promise<PushDevice> => {
      const manager = await pushManager();
      return { available: manager !== undefined, subscribed: Boolean(await manager?.getSubscription()) };
    },
    staleTime: Infinity,
    // The browser's own state: nothing to fetch again when the connection comes back.
    networkMode: 'always',
  });

const base64UrlBytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options.applicationServerKey;
  return used !== null && new Uint8Array(used).join() === key.join();
}

/** The device's subscription with the server's current key: the existing one, or a new one (replacing one made with an older key). */
async function subscription(manager: PushManager, queryClient: QueryClient): Promise<PushSubscription> {
  const key = base64UrlBytes((await queryClient.query(pushKeyQuery())).publicKey);
  const existing = await manager.getSubscription();
  if (existing && madeWithKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

const sendSubscription = (device: PushSubscription) =>
  api('/api/push/subscriptions', { method: 'POST', body: pushSubscriptionSchema.parse(device.toJSON()), schema: z.undefined() });

/**
 * This device's push state, and turning it on (asking for permission first, from the button) and
 * off. Without a service worker or Push API, turning on only asks for permission: the open tab
 * then shows notifications itself (backgroundNotification.ts).
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const device = useQuery(deviceQuery());
  const settle = () => queryClient.invalidateQueries({ queryKey: deviceKey });

  const turnOn = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      const manager = permission === 'granted' ? await pushManager() : undefined;
      if (!manager) return;
      const made = await subscription(manager, queryClient);
      // Left subscribed, the device would say it is on while the server knows nothing of it.
      await sendSubscription(made).catch(async (error: unknown) => {
        await made.unsubscribe().catch(() => false);
        throw error;
      });
    },
    onSettled: settle,
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const existing = await (await pushManager())?.getSubscription();
      if (existing) {
        await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: existing.endpoint }, schema: z.undefined() });
        await existing.unsubscribe();
      }
    },
    onSettled: settle,
  });

  return { device: device.data, turnOn, turnOff };
}

/**
 * Gives the server this browser's subscription again whenever a user is signed in here (a
 * sign-in, a session restored on load): signing out removed it with the session it was kept in.
 * Only where notifications were allowed and the browser still has a subscription; failures wait
 * for the next time.
 */
export function usePushSubscriptionResent() {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  useEffect(() => {
    if (!userId || !pushSupported() || Notification.permission !== 'granted') return;
    void (async () => {
      const manager = await pushManager();
      if (manager && (await manager.getSubscription())) await sendSubscription(await subscription(manager, queryClient));
    })().catch(() => undefined);
  }, [userId, queryClient]);
}
