import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useAuth } from './authContext.js';
import { freshAccessToken } from './api.js';
import { RealtimeClient } from './realtime.js';
import { RealtimeHub, realtimeUrl, type RealtimeConnection, type RealtimeHandler } from './realtimeHub.js';

const RealtimeContext = createContext<RealtimeHub | null>(null);

const SUBSCRIBE_SETTLE_MS = 100;

/** A screen subscribing to several topics at once causes one refetch, not one per topic. */
function refetchOnceSubscribed(refetch: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(refetch, SUBSCRIBE_SETTLE_MS);
  };
}

/**
 * Holds the signed-in user's realtime connection and closes it on sign-out. Events missed while
 * a dropped socket was down are not replayed, so a reconnect refetches every active query; so
 * does a confirmed subscription, which covers changes made between a screen's fetch and it.
 * `open` replaces the socket (component tests hand in a connection they drive).
 */
export function RealtimeProvider({ children, open }: { children: ReactNode; open?: () => RealtimeConnection }) {
  const userId = useAuth().user?.id ?? null;
  const queryClient = useQueryClient();
  const [hub] = useState(
    () =>
      new RealtimeHub(
        open ??
          (() =>
            new RealtimeClient({
              url: realtimeUrl(window.location),
              getAccessToken: freshAccessToken,
              onReconnect: () => void queryClient.invalidateQueries(),
              onSubscribed: refetchOnceSubscribed(() => void queryClient.invalidateQueries({ type: 'active' })),
            })),
      ),
  );

  useEffect(() => {
    if (!userId) return;
    hub.connect();
    return () => hub.disconnect();
  }, [hub, userId]);

  return <RealtimeContext.Provider value={hub}>{children}</RealtimeContext.Provider>;
}

/**
 * Calls onEvent for every event on topic while the component is mounted and the user is signed
 * in. Pass null to subscribe to nothing (e.g. until the restaurant id is known).
 */
export function useRealtime(topic: string | null, onEvent: RealtimeHandler) {
  const hub = useContext(RealtimeContext);
  if (!hub) throw new Error('useRealtime must be used within RealtimeProvider');
  const handle = useEffectEvent(onEvent);

  useEffect(() => {
    if (!topic) return;
    return hub.subscribe(topic, (event) => handle(event));
  }, [hub, topic]);
}
