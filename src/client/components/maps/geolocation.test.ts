import { describe, expect, it } from 'vitest';
import { GEOLOCATION_OPTIONS } from '@shared/drivers/schemas.js';
import { GEOLOCATION_MESSAGES, currentPosition } from './geolocation.js';

/** A browser geolocation that answers at once with a fix or an error, and records the options it was asked with. */
function fakeGeolocation(answer: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const asked: PositionOptions[] = [];
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) {
      asked.push(options ?? {});
      if ('coords' in answer) success(answer as GeolocationPosition);
      else failure?.(answer as GeolocationPositionError);
    },
  } as Geolocation;
  return { geolocation, asked };
}

describe('currentPosition', () => {
  it('asks for a fresh high-accuracy fix within 5 seconds and rounds it to 6 decimals', async () => {
    const { geolocation, asked } = fakeGeolocation({ coords: { latitude: 5.603716789, longitude: -0.18696441 } });
    await expect(currentPosition(geolocation)).resolves.toEqual({ latitude: 5.603717, longitude: -0.186964 });
    expect(asked).toEqual([GEOLOCATION_OPTIONS]);
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
  });

  it('says so when the browser has no geolocation', async () => {
    await expect(currentPosition(undefined)).rejects.toThrow('Geolocation is not supported by your browser');
  });

  it('explains a refusal, a missing fix and a timeout differently', async () => {
    await expect(currentPosition(fakeGeolocation({ code: 1 }).geolocation)).rejects.toThrow(GEOLOCATION_MESSAGES.denied);
    await expect(currentPosition(fakeGeolocation({ code: 2 }).geolocation)).rejects.toThrow(GEOLOCATION_MESSAGES.unavailable);
    await expect(currentPosition(fakeGeolocation({ code: 3 }).geolocation)).rejects.toThrow(GEOLOCATION_MESSAGES.timeout);
  });
});
