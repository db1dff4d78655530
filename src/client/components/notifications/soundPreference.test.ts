import { describe, expect, it } from 'vitest';
import { readSoundOn, SOUND_PREFERENCE_KEY, writeSoundOn } from './soundPreference.js';

function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  return () => storage;
}

const refusing = () => ({
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
});

const disabled = () => {
  throw new Error('SecurityError: access to localStorage is denied');
};

describe('the new-order sound preference', () => {
  it('is on for someone who never chose', () => {
    expect(readSoundOn(memoryStorage())).toBe(true);
  });

  it('keeps off and on across reloads (a new read of the same storage)', () => {
    const storage = memoryStorage();
    writeSoundOn(storage, false);
    expect(readSoundOn(storage)).toBe(false);
    expect(storage().getItem(SOUND_PREFERENCE_KEY)).toBe('off');
    writeSoundOn(storage, true);
    expect(readSoundOn(storage)).toBe(true);
  });

  it('falls back to on, without throwing, when the browser refuses storage', () => {
    expect(readSoundOn(refusing)).toBe(true);
    expect(() => writeSoundOn(refusing, false)).not.toThrow();
    expect(readSoundOn(disabled)).toBe(true);
    expect(() => writeSoundOn(disabled, false)).not.toThrow();
  });
});
