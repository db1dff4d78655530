import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { notificationState, type NotificationState } from './backgroundNotification.js';

const STATE_TEXT: Record<Exclude<NotificationState, 'default'>, string> = {
  granted: 'Notifications are on: new orders are announced while this tab is hidden.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  unsupported: 'This browser cannot show notifications: keep this page in view to see new orders.',
};

/** Asks for notification permission only when the person presses the button, never on load. */
export function NotificationControl() {
  const [state, setState] = useState(notificationState);

  if (state !== 'default') {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        {state === 'granted' ? (
          <Bell aria-hidden className="mt-0.5 size-4 shrink-0" />
        ) : (
          <BellOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        )}
        {STATE_TEXT[state]}
      </p>
    );
  }
  return (
    <Button variant="outline" size="lg" className="px-4" onClick={() => void Notification.requestPermission().then(setState)}>
      <Bell aria-hidden />
      Get notifications
    </Button>
  );
}
