import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { usePushSubscriptionResent } from '@/components/notifications/pushDevice.js';
import { OfflineNotice } from './OfflineNotice.js';

/**
 * Every page sits in here: a progress bar while the next page's code loads (slow networks),
 * the offline notice, and scroll restoration. A user signing in here gets this device's push
 * subscription back (usePushSubscriptionResent).
 */
export function RootLayout() {
  const navigation = useNavigation();
  usePushSubscriptionResent();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary" />
      )}
      <OfflineNotice />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
