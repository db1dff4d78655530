import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@shared/storage/widths.js';
import { DiskStore } from './disk.js';

describe('DiskStore', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'disk-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const location = { bucket: 'food-images', folder: null, fileName: '6f1c2a3e-0000-4000-8000-000000000000.webp' } as const;

  it('keeps each width next to its picture and removes them all with it', async () => {
    const disk = new DiskStore(root);
    await disk.write(location, Buffer.from('original'));
    for (const width of IMAGE_WIDTHS) await disk.write(location, Buffer.from(`at ${width}`), width);

    expect((await disk.read(location, IMAGE_WIDTHS[0])).toString()).toBe(`at ${IMAGE_WIDTHS[0]}`);
    expect(readdirSync(path.join(root, 'food-images'))).toHaveLength(1 + IMAGE_WIDTHS.length);

    await disk.remove(location);

    expect(readdirSync(path.join(root, 'food-images'))).toEqual([]);
  });
});
