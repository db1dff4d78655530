import { describe, expect, it } from 'vitest';
import { API_CACHES } from './caches.js';

const RESTAURANT = '3b0f8c1e-2a4d-4c6e-8f10-123456789abc';

describe('what the service worker keeps', () => {
  it.each(['/api/config', '/api/restaurants', `/api/restaurants/${RESTAURANT}`, `/api/restaurants/${RESTAURANT}/menu`])(
    'keeps the public read %s',
    (path) => expect(`https://chopchop.test${path}`).toMatch(API_CACHES.public.pattern),
  );

  it.each(['/api/restaurants?q=kelewele', '/api/restaurants/mine', `/api/restaurants/${RESTAURANT}/menu?all=1`])(
    'keeps no search or private read: %s',
    (path) => expect(`https://chopchop.test${path}`).not.toMatch(API_CACHES.public.pattern),
  );
});
