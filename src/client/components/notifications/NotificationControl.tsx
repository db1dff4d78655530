import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { ApiError } from '@/lib/apiError.js';
import { notifyError } from '@/lib/toast.js';
import { notificationState, type NotificationState } from './backgroundNotification.js';
import { usePushDevice } from './pushDevice.js';

const STATE_TEXT: Record<Exclude<NotificationState, 'default'>, string> = {
  granted: 'Notifications are on: new orders are announced while this tab is hidden.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  unsupported: 'This browser cannot show notifications: keep this page in view to see new orders.',
};

const PUSH_TEXT = {
  on: 'Notifications are on for this device: new orders reach it even when the app is closed.',
  off: 'Notifications are off on this device.',
};

const FAILED = 'Notifications could not be changed on this device. Please try again.';

function State({ on, text }: { on: boolean; text: string }) {
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
      {on ? <Bell aria-hidden className="mt-0.5 size-4 shrink-0" /> : <BellOff aria-hidden className="mt-0.5 size-4 shrink-0" />}
      {text}
    </p>
  );
}

/**
 * Asks for notification permission only when the person presses the button, never on load.
 * Where the browser takes push messages through the app's service worker, allowing them also
 * subscribes this device, so they arrive with the app closed; the device can be turned off again.
 */
export function NotificationControl() {
  const [permission, setPermission] = useState(notificationState);
  const { device, turnOn, turnOff } = usePushDevice();
  const failed = (error: Error) => notifyError(error instanceof ApiError ? error.message : FAILED);
  // The browser may have granted permission even when subscribing then failed.
  const switchOn = () => turnOn.mutate(undefined, { onSettled: () => setPermission(notificationState()), onError: failed });
  const busy = turnOn.isPending || turnOff.isPending;

  if (permission === 'default') {
    return (
      <Button variant="outline" size="lg" className="px-4" disabled={busy} onClick={switchOn}>
        <Bell aria-hidden />
        Get notifications
      </Button>
    );
  }
  if (permission !== 'granted' || !device?.available)
    return <State on={permission === 'granted'} text={STATE_TEXT[permission]} />;
  return (
    <div className="grid justify-items-start gap-2">
      <State on={device.subscribed} text={device.subscribed ? PUSH_TEXT.on : PUSH_TEXT.off} />
      {device.subscribed ? (
        <Button
          variant="outline"
          size="lg"
          className="px-4"
          disabled={busy}
          onClick={() => turnOff.mutate(undefined, { onError: failed })}
        >
          <BellOff aria-hidden />
          Turn off notifications
        </Button>
      ) : (
        <Button variant="outline" size="lg" className="px-4" disabled={busy} onClick={switchOn}>
          <Bell aria-hidden />
          Turn on notifications
        </Button>
      )}
    </div>
  );
}
