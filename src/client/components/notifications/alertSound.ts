import { useEffect, useRef, useState } from 'react';
import { readSoundOn, writeSoundOn } from './soundPreference.js';

const NOTIFY_SOUND_URL = '/sounds/notify.wav';

const localStorageOf = () => window.localStorage;

export interface AlertSound {
  on: boolean;
  /** The browser refused to play because nobody has touched the page yet. */
  blocked: boolean;
  toggle: () => void;
  /** Plays the notification sound if sound is on. */
  alert: () => void;
}

/** The sound that announces a new order (kitchen board, driver dashboard) and its on/off switch, kept across reloads. */
export function useAlertSound(): AlertSound {
  const [on, setOn] = useState(() => readSoundOn(localStorageOf));
  const [blocked, setBlocked] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);

  // Browsers allow sound once the page has been touched anywhere, not only on the toggle.
  useEffect(() => {
    if (!blocked) return;
    const unblock = () => setBlocked(false);
    document.addEventListener('pointerdown', unblock, { once: true });
    return () => document.removeEventListener('pointerdown', unblock);
  }, [blocked]);

  const play = () => {
    const element = (audio.current ??= new Audio(NOTIFY_SOUND_URL));
    element.currentTime = 0;
    element.play().then(
      () => setBlocked(false),
      (error: unknown) => setBlocked(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
  };

  return {
    on,
    blocked: on && blocked,
    toggle: () => {
      const next = !on;
      setOn(next);
      writeSoundOn(localStorageOf, next);
      // Turning sound on is a touch, so this sample also unlocks sound for the orders to come.
      if (next) play();
    },
    alert: () => {
      if (on) play();
    },
  };
}
