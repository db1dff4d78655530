const DIRECTIONS = 'https://www.google.com/maps/dir/';

export interface Destination {
  latitude: number | null;
  longitude: number | null;
  address: string;
}

/**
 * An external maps page with directions to a place, from the driver dashboard: by coordinates,
 * which a phone's maps app follows exactly, or by the address when the place has none stored.
 */
export function directionsUrl({ latitude, longitude, address }: Destination): string {
  const destination = latitude !== null && longitude !== null ? `${latitude},${longitude}` : address;
  return `${DIRECTIONS}?${new URLSearchParams({ api: '1', destination }).toString()}`;
}
