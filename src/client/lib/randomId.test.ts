import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { randomId } from './randomId.js';

describe('randomId', () => {
  it('makes version 4 UUIDs that the API accepts, a different one each time', () => {
    const ids = Array.from({ length: 1000 }, randomId);
    for (const id of ids) {
      expect(z.uuid().safeParse(id).success).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(1000);
  });
});
