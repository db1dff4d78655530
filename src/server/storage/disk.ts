import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageWidth } from '@shared/storage/widths.js';
import { MissingFileError, STORED_WIDTHS, storedPath, type ObjectStore } from './objectStore.js';
import type { FileLocation } from './urls.js';

/**
 * Uploaded files on local disk, one folder per bucket (and sub-folder, if any) under DATA_DIR/uploads.
 * A smaller width of a picture lies next to it: {name}.webp and {name}.360w.webp.
 */
export class DiskStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private filePath(location: FileLocation, width: ImageWidth | null) {
    return path.join(this.root, ...storedPath(location, width));
  }

  /** Written under a temporary name, then renamed: a reader at the same moment never gets half a file. */
  async write(location: FileLocation, data: Buffer, width: ImageWidth | null = null): Promise<void> {
    const target = this.filePath(location, width);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, data);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(location: FileLocation, width: ImageWidth | null = null): Promise<Buffer> {
    try {
      return await readFile(this.filePath(location, width));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingFileError(location, width);
      throw error;
    }
  }

  async remove(location: FileLocation): Promise<void> {
    await Promise.all(STORED_WIDTHS.map((width) => rm(this.filePath(location, width), { force: true })));
  }
}
