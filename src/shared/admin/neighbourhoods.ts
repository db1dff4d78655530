import { distanceMeters } from '../drivers/schemas.js';

/**
 * Names for the heat map's places, offline: the approximate centres of well-known neighbourhoods
 * of the cities the platform starts in. A place is named after the nearest centre within
 * NEIGHBOURHOOD_RADIUS_M; farther from all of them it has no name, and the map shows its
 * coordinates instead. These are labels for people, not boundaries: a street on the edge of two
 * neighbourhoods takes the nearer centre's name.
 */

export interface Neighbourhood {
  name: string;
  city: string;
  lat: number;
  lng: number;
}

export const NEIGHBOURHOOD_RADIUS_M = 1500;

const inCity = (city: string, places: readonly [name: string, lat: number, lng: number][]): Neighbourhood[] =>
  places.map(([name, lat, lng]) => ({ name, city, lat, lng }));

export const NEIGHBOURHOODS: readonly Neighbourhood[] = [
  ...inCity('Accra', [
    ['Osu', 5.5565, -0.1815],
    ['Labone', 5.5655, -0.1716],
    ['Cantonments', 5.5775, -0.1706],
    ['Airport Residential Area', 5.6047, -0.1768],
    ['East Legon', 5.6362, -0.1612],
    ['Spintex', 5.6339, -0.1097],
    ['Achimota', 5.6205, -0.2264],
    ['Tesano', 5.6006, -0.2237],
    ['Dzorwulu', 5.6105, -0.2011],
    ['Adabraka', 5.5601, -0.2085],
    ['Tetteh Quarshie', 5.6216, -0.1737],
    ['Ridge', 5.5635, -0.195],
    ['Accra Central', 5.548, -0.206],
    ['Jamestown', 5.535, -0.213],
    ['Kaneshie', 5.568, -0.236],
    ['Dansoman', 5.545, -0.265],
    ['Lapaz', 5.607, -0.25],
    ['Madina', 5.669, -0.166],
    ['Legon', 5.651, -0.187],
    ['Teshie', 5.583, -0.107],
    ['Nungua', 5.601, -0.078],
    ['Kokomlemle', 5.573, -0.205],
    ['North Kaneshie', 5.588, -0.235],
    ['Abelemkpe', 5.608, -0.213],
    ['Haatso', 5.672, -0.201],
  ]),
  ...inCity('Lagos', [
    ['Victoria Island', 6.4281, 3.4219],
    ['Ikoyi', 6.4549, 3.4346],
    ['Lekki Phase 1', 6.4474, 3.4723],
    ['Ajah', 6.4698, 3.5852],
    ['Lagos Island', 6.455, 3.3941],
    ['Surulere', 6.4969, 3.355],
    ['Yaba', 6.5095, 3.3711],
    ['Ebute Metta', 6.485, 3.38],
    ['Mushin', 6.527, 3.354],
    ['Ikeja', 6.6018, 3.3515],
    ['Ikeja GRA', 6.58, 3.357],
    ['Maryland', 6.571, 3.366],
    ['Gbagada', 6.555, 3.389],
    ['Ojota', 6.587, 3.38],
    ['Oshodi', 6.555, 3.343],
    ['Magodo', 6.621, 3.387],
    ['Ogba', 6.628, 3.342],
    ['Agege', 6.618, 3.321],
    ['Apapa', 6.4489, 3.359],
    ['Festac Town', 6.466, 3.283],
    ['Ikorodu', 6.6194, 3.5105],
    ['Sangotedo', 6.47, 3.63],
    ['Chevron', 6.442, 3.535],
    ['Anthony Village', 6.56, 3.37],
  ]),
  ...inCity('Nairobi', [
    ['Nairobi CBD', -1.2864, 36.8172],
    ['Westlands', -1.2676, 36.8108],
    ['Parklands', -1.263, 36.818],
    ['Kilimani', -1.2921, 36.7846],
    ['Kileleshwa', -1.28, 36.783],
    ['Lavington', -1.278, 36.768],
    ['Hurlingham', -1.295, 36.798],
    ['Upper Hill', -1.299, 36.815],
    ['Karen', -1.319, 36.707],
    ['Langata', -1.343, 36.763],
    ['Kibera', -1.3133, 36.787],
    ['South B', -1.309, 36.833],
    ['South C', -1.319, 36.825],
    ['Eastleigh', -1.274, 36.848],
    ['Donholm', -1.296, 36.89],
    ['Embakasi', -1.318, 36.896],
    ['Kasarani', -1.221, 36.897],
    ['Roysambu', -1.218, 36.886],
    ['Gigiri', -1.233, 36.803],
    ['Runda', -1.218, 36.807],
    ['Muthaiga', -1.249, 36.83],
    ['Spring Valley', -1.245, 36.79],
    ['Ngara', -1.273, 36.824],
    ['Buruburu', -1.285, 36.876],
  ]),
];

/** A little under the metres in a degree of latitude on distanceMeters' sphere (111,320), so the box below errs wide. */
const METRES_PER_DEGREE = 111_000;

/**
 * The neighbourhood a point is in, as 'Osu, Accra': the nearest centre within `radiusMeters`,
 * or null when none is that close. A centre outside the box of that radius around the point
 * is skipped with two subtractions, so naming the 2,000 places of a map costs about a
 * millisecond; the few inside the box are measured on the sphere.
 */
export function neighbourhoodOf(
  lat: number,
  lng: number,
  places: readonly Neighbourhood[] = NEIGHBOURHOODS,
  radiusMeters = NEIGHBOURHOOD_RADIUS_M,
): string | null {
  const latReach = radiusMeters / METRES_PER_DEGREE;
  // A degree of longitude shrinks with the cosine of the latitude; the box errs on the wide side.
  const lngReach = latReach / Math.max(Math.cos(((Math.abs(lat) + latReach) * Math.PI) / 180), 1e-6);
  let nearest: Neighbourhood | null = null;
  let nearestMeters = radiusMeters;
  for (const place of places) {
    if (Math.abs(place.lat - lat) > latReach || Math.abs(place.lng - lng) > lngReach) continue;
    const meters = distanceMeters({ latitude: lat, longitude: lng }, { latitude: place.lat, longitude: place.lng });
    if (meters <= nearestMeters) {
      nearest = place;
      nearestMeters = meters;
    }
  }
  return nearest ? `${nearest.name}, ${nearest.city}` : null;
}
