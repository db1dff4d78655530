import { useSyncExternalStore } from 'react';
import type { LatLng } from './geolocation.js';

const STORAGE_KEY = 'chopchop.deliveryLocation';

/**
 * Where the customer wants food brought, once they said so: 'Use my location' on the restaurant
 * list, or the pin of a checkout. The restaurant cards price their delivery to it and the next
 * checkout starts with it as its pin. Kept for this tab's session only (sessionStorage): a place
 * is personal, and the next visit may be from somewhere else.
 */
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastValue: LatLng | null = null;
/** The place, kept in memory for this page when sessionStorage cannot hold it (blocked, full). */
let unstored: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const readRaw = (): string | null => (unstored !== undefined ? unstored : (storage()?.getItem(STORAGE_KEY) ?? null));

function parse(raw: string): LatLng | null {
  try {
    const value = JSON.parse(raw) as Partial<LatLng> | null;
    const { latitude, longitude } = value ?? {};
    if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { latitude, longitude };
  } catch {
    return null;
  }
}

/** The customer's delivery place, or null; the same object until it changes, as useSyncExternalStore requires. */
export function getDeliveryLocation(): LatLng | null {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastValue = raw === null ? null : parse(raw);
  }
  return lastValue;
}

/** Remembers (or, with null, forgets) where the customer wants food brought, and tells every screen showing it. */
export function setDeliveryLocation(location: LatLng | null) {
  const current = getDeliveryLocation();
  if (current?.latitude === location?.latitude && current?.longitude === location?.longitude) return;
  const raw = location ? JSON.stringify({ latitude: location.latitude, longitude: location.longitude }) : null;
  try {
    const store = storage();
    if (!store) throw new Error('No sessionStorage');
    if (raw === null) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, raw);
    unstored = undefined;
  } catch {
    unstored = raw;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The customer's delivery place (null while unknown, and when prerendered). */
export function useDeliveryLocation(): LatLng | null {
  return useSyncExternalStore(subscribe, getDeliveryLocation, () => null);
}
