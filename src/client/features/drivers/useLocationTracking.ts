import { useEffect, useRef, useState } from 'react';
import { DRIVER_MESSAGES, GEOLOCATION_OPTIONS, type StoredPosition } from '@shared/drivers/schemas.js';
import { toLatLng, type LatLng } from '@/components/maps/geolocation.js';
import { sendPosition } from './driverApi.js';
import { PositionSender } from './positionSender.js';
import { trackingErrorMessage } from './trackingError.js';

/** The device's latest position and when the device took it. */
interface Fix extends LatLng {
  at: number;
}

export interface LocationTracking {
  tracking: boolean;
  fix: Fix | null;
  /** Why there is no position (blocked, not found, no geolocation at all). */
  error: string | null;
  /** The last send failed; it is being retried. */
  sendFailing: boolean;
  /**
   * Starts watching and sending, and calls `onLocated` at the device's first position; never when
   * no position comes (blocked, not found, no geolocation at all: `error` says why).
   */
  start: (onLocated: () => void) => void;
  stop: () => void;
}

/**
 * Watches the device's position while the driver is online and hands each fix to a
 * PositionSender, which decides what reaches the server. A send that fails is retried at once
 * when the browser comes back online. Leaving the page stops everything.
 */
export function useLocationTracking(onSent: (stored: StoredPosition) => void): LocationTracking {
  const [tracking, setTracking] = useState(false);
  const [fix, setFix] = useState<Fix | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sendFailing, setSendFailing] = useState(false);
  const session = useRef<{ end: () => void } | null>(null);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  });

  useEffect(() => () => session.current?.end(), []);

  const stop = () => {
    session.current?.end();
    session.current = null;
    setTracking(false);
    setSendFailing(false);
  };

  const start = (onLocated: () => void) => {
    if (session.current) return;
    const geolocation = 'geolocation' in navigator ? navigator.geolocation : undefined;
    if (!geolocation) {
      setError(DRIVER_MESSAGES.geolocationUnsupported);
      return;
    }
    setError(null);
    const sender = new PositionSender({
      send: sendPosition,
      onSent: (stored) => {
        setSendFailing(false);
        onSentRef.current(stored);
      },
      onFailed: (failure) => {
        setSendFailing(true);
        // A failed location update is only logged (and the card says a send is pending): the sender retries it.
        console.warn('Location update failed; retrying', failure instanceof Error ? failure.message : failure);
      },
    });
    let located = false;
    const watchId = geolocation.watchPosition(
      (position) => {
        const here = toLatLng(position.coords.latitude, position.coords.longitude);
        setError(null);
        setFix({ ...here, at: position.timestamp });
        sender.offer(here);
        if (!located) {
          located = true;
          onLocated();
        }
      },
      (failure) => {
        setError(trackingErrorMessage(failure.code));
        // A refusal ends the watch for good; the driver has to allow location and go online again.
        if (failure.code === failure.PERMISSION_DENIED) stop();
      },
      GEOLOCATION_OPTIONS,
    );
    const retry = () => sender.retryNow();
    window.addEventListener('online', retry);
    session.current = {
      end: () => {
        geolocation.clearWatch(watchId);
        sender.stop();
        window.removeEventListener('online', retry);
      },
    };
    setTracking(true);
  };

  return { tracking, fix, error, sendFailing, start, stop };
}
