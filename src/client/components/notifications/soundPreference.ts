/** Where the sound on/off choice for new orders (kitchen board, driver dashboard) is kept, so it survives reloads. */
export const SOUND_PREFERENCE_KEY = 'chopchop.sound';

/** Reaching localStorage itself can throw (storage disabled), so it is asked for inside the try. */
type PreferenceStorage = () => Pick<Storage, 'getItem' | 'setItem'>;

/** Sound is on unless it was turned off: a missed order costs more than a beep. Unreadable storage counts as on. */
export function readSoundOn(storage: PreferenceStorage): boolean {
  try {
    return storage().getItem(SOUND_PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Keeps the choice; storage that refuses (private mode, full) leaves it for this visit only. */
export function writeSoundOn(storage: PreferenceStorage, on: boolean): void {
  try {
    storage().setItem(SOUND_PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // The toggle still works until the page is closed.
  }
}
