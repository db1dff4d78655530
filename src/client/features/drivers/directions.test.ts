import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.js';

describe('directionsUrl', () => {
  it('leads to the coordinates when the place has them', () => {
    expect(directionsUrl({ latitude: 5.6037, longitude: -0.187, address: 'Oxford Street, Osu' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=5.6037%2C-0.187',
    );
  });

  it('falls back to the address, encoded, when a coordinate is missing', () => {
    const url = new URL(directionsUrl({ latitude: null, longitude: -0.187, address: '12 Ring Rd & 3rd St, Accra' }));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('12 Ring Rd & 3rd St, Accra');
  });
});
