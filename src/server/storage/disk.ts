import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileLocation } from './urls.js';

const SAFE_FILE_NAME = /^[0-9a-f-]{36}\.webp$/;
const SAFE_FOLDER = /^[0-9a-f-]{36}$/;

/** Uploaded files on local disk, one folder per bucket (and sub-folder, if any) under DATA_DIR/uploads. */
export class DiskStore {
  constructor(private readonly root: string) {}

  private directory({ bucket, folder }: FileLocation) {
    if (folder !== null && !SAFE_FOLDER.test(folder)) throw new Error(`unsafe folder ${folder}`);
    return folder === null ? path.join(this.root, bucket) : path.join(this.root, bucket, folder);
  }

  private filePath(location: FileLocation) {
    if (!SAFE_FILE_NAME.test(location.fileName)) throw new Error(`unsafe file name ${location.fileName}`);
    return path.join(this.directory(location), location.fileName);
  }

  async write(location: FileLocation, data: Buffer): Promise<void> {
    await mkdir(this.directory(location), { recursive: true });
    await writeFile(this.filePath(location), data);
  }

  read(location: FileLocation): Promise<Buffer> {
    return readFile(this.filePath(location));
  }

  async remove(location: FileLocation): Promise<void> {
    await rm(this.filePath(location), { force: true });
  }
}
