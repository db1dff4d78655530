import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, type ImageWidth } from '@shared/storage/widths.js';
import type { FileLocation } from './urls.js';

const SAFE_FILE_NAME = /^[0-9a-f-]{36}\.webp$/;
const SAFE_FOLDER = /^[0-9a-f-]{36}$/;

/**
 * Uploaded files on local disk, one folder per bucket (and sub-folder, if any) under DATA_DIR/uploads.
 * A smaller width of a picture lies next to it: {name}.webp and {name}.360w.webp.
 */
export class DiskStore {
  constructor(private readonly root: string) {}

  private directory({ bucket, folder }: FileLocation) {
    if (folder !== null && !SAFE_FOLDER.test(folder)) throw new Error(`unsafe folder ${folder}`);
    return folder === null ? path.join(this.root, bucket) : path.join(this.root, bucket, folder);
  }

  private filePath(location: FileLocation, width: ImageWidth | null) {
    if (!SAFE_FILE_NAME.test(location.fileName)) throw new Error(`unsafe file name ${location.fileName}`);
    const name = width === null ? location.fileName : location.fileName.replace(/\.webp$/, `.${width}w.webp`);
    return path.join(this.directory(location), name);
  }

  /** Written under a temporary name, then renamed: a reader at the same moment never gets half a file. */
  async write(location: FileLocation, data: Buffer, width: ImageWidth | null = null): Promise<void> {
    await mkdir(this.directory(location), { recursive: true });
    const target = this.filePath(location, width);
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, data);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  read(location: FileLocation, width: ImageWidth | null = null): Promise<Buffer> {
    return readFile(this.filePath(location, width));
  }

  /** Removes the file and any smaller widths made of it. */
  async remove(location: FileLocation): Promise<void> {
    await Promise.all([null, ...IMAGE_WIDTHS].map((width) => rm(this.filePath(location, width), { force: true })));
  }
}
