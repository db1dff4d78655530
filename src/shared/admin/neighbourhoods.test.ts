import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../drivers/schemas.js';
import { NEIGHBOURHOOD_RADIUS_M, NEIGHBOURHOODS, neighbourhoodOf, type Neighbourhood } from './neighbourhoods.js';

/** The point `meters` from (lat, lng) towards `bearing` degrees (0 north, 90 east), on distanceMeters' sphere. */
function offset(lat: number, lng: number, meters: number, bearing: number) {
  const R = 6_378_168;
  const rad = (d: number) => (d * Math.PI) / 180;
  const deg = (r: number) => (r * 180) / Math.PI;
  const d = meters / R;
  const φ1 = rad(lat);
  const θ = rad(bearing);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = rad(lng) + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return { lat: deg(φ2), lng: deg(λ2) };
}

const named = (place: Neighbourhood) => `${place.name}, ${place.city}`;

describe('neighbourhoods', () => {
  it('lists 15 to 30 places in each of Accra, Lagos and Nairobi, each with a unique name in its city', () => {
    for (const city of ['Accra', 'Lagos', 'Nairobi']) {
      const places = NEIGHBOURHOODS.filter((place) => place.city === city);
      expect(places.length, city).toBeGreaterThanOrEqual(15);
      expect(places.length, city).toBeLessThanOrEqual(30);
      expect(new Set(places.map((place) => place.name)).size, city).toBe(places.length);
    }
  });

  it('names each centre after itself', () => {
    for (const place of NEIGHBOURHOODS) expect(neighbourhoodOf(place.lat, place.lng)).toBe(named(place));
  });

  it('names a point up to 1.5 km from a lone centre after it, in every direction, and nothing beyond', () => {
    const centre: Neighbourhood = { name: 'Somewhere', city: 'Test', lat: 5.6, lng: -0.2 };
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      const inside = offset(centre.lat, centre.lng, NEIGHBOURHOOD_RADIUS_M - 5, bearing);
      const outside = offset(centre.lat, centre.lng, NEIGHBOURHOOD_RADIUS_M + 5, bearing);
      expect(neighbourhoodOf(inside.lat, inside.lng, [centre]), `${bearing}° inside`).toBe('Somewhere, Test');
      expect(neighbourhoodOf(outside.lat, outside.lng, [centre]), `${bearing}° outside`).toBeNull();
    }
  });

  it('keeps working far from the equator, where a degree of longitude is short', () => {
    const centre: Neighbourhood = { name: 'North', city: 'Test', lat: 60, lng: 10 };
    const east = offset(centre.lat, centre.lng, 1400, 90);
    expect(neighbourhoodOf(east.lat, east.lng, [centre])).toBe('North, Test');
  });

  it('picks the nearest of two centres within reach', () => {
    const osu = NEIGHBOURHOODS.find((place) => place.name === 'Osu')!;
    const labone = NEIGHBOURHOODS.find((place) => place.name === 'Labone')!;
    const nearOsu = { lat: osu.lat * 0.7 + labone.lat * 0.3, lng: osu.lng * 0.7 + labone.lng * 0.3 };
    const nearLabone = { lat: osu.lat * 0.3 + labone.lat * 0.7, lng: osu.lng * 0.3 + labone.lng * 0.7 };
    expect(
      distanceMeters({ latitude: osu.lat, longitude: osu.lng }, { latitude: labone.lat, longitude: labone.lng }),
    ).toBeLessThan(3000);
    expect(neighbourhoodOf(nearOsu.lat, nearOsu.lng)).toBe('Osu, Accra');
    expect(neighbourhoodOf(nearLabone.lat, nearLabone.lng)).toBe('Labone, Accra');
  });

  it('gives no name out at sea or in a city it does not know', () => {
    expect(neighbourhoodOf(5.3, -0.2)).toBeNull();
    expect(neighbourhoodOf(51.5074, -0.1278)).toBeNull();
  });

  it('names every delivery spot of the demo data', () => {
    // The demo customer's places (src/server/db/seed/orders.ts): the heat map of the demo shows them named.
    const spots = [
      [5.5597, -0.1794, 'Osu'],
      [5.6047, -0.1768, 'Airport Residential Area'],
      [5.5655, -0.1716, 'Labone'],
      [5.6362, -0.1612, 'East Legon'],
      [5.6339, -0.1097, 'Spintex'],
      [5.6205, -0.2264, 'Achimota'],
      [5.6006, -0.2237, 'Tesano'],
    ] as const;
    for (const [lat, lng, name] of spots) expect(neighbourhoodOf(lat, lng)).toBe(`${name}, Accra`);
  });
});
