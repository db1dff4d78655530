import { DRIVER_MESSAGES, GEOLOCATION_OPTIONS } from '@shared/drivers/schemas.js';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Where the map opens when the restaurant has no coordinates: central Accra, the fallback centre of every map. */
export const FALLBACK_CENTER: LatLng = { latitude: 5.6037, longitude: -0.187 };

export const GEOLOCATION_MESSAGES = {
  unsupported: DRIVER_MESSAGES.geolocationUnsupported,
  denied: 'Location access was blocked. Allow it in your browser settings, or place the pin on the map.',
  unavailable: 'Your location could not be found. Place the pin on the map instead.',
  timeout: 'Finding your location took too long. Try again, or place the pin on the map.',
} as const;

/** What to tell the person when the browser could not give a position (GeolocationPositionError codes). */
function geolocationErrorMessage(code: number): string {
  if (code === 1) return GEOLOCATION_MESSAGES.denied;
  if (code === 3) return GEOLOCATION_MESSAGES.timeout;
  return GEOLOCATION_MESSAGES.unavailable;
}

/** Six decimals (about 10 cm) is more than any phone's GPS can tell apart. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export const toLatLng = (latitude: number, longitude: number): LatLng => ({
  latitude: round(latitude),
  longitude: round(longitude),
});

/** The device's position now; rejects with a message to show when there is none. */
export function currentPosition(geolocation: Geolocation | undefined): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve(toLatLng(position.coords.latitude, position.coords.longitude)),
      (error) => reject(new Error(geolocationErrorMessage(error.code))),
      GEOLOCATION_OPTIONS,
    );
  });
}
