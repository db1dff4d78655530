import { describe, expect, it } from 'vitest';
import { parseStoredSession } from './sessionStore.js';

const stored = {
  accessToken: 'a.b.c',
  refreshToken: 'refresh',
  expiresAt: 1_700_000_000_000,
  user: {
    id: '6f1c2f7e-8d7b-4c1e-9a53-2b0d8f1e4a11',
    email: 'kofi@example.com',
    role: 'driver',
    profile: { fullName: 'Kofi Boateng', phone: '+233240000000', avatarUrl: '/uploads/a.webp' },
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};

describe('parseStoredSession', () => {
  it('reads a session written by the app', () => {
    expect(parseStoredSession(JSON.stringify(stored))).toEqual(stored);
  });

  it('treats nothing, broken JSON or a session of another shape as signed out', () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{not json')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ ...stored, expiresAt: 'tomorrow' }))).toBeNull();
  });
});
