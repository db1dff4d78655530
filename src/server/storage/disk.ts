import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bucket } from '@shared/storage/buckets.js';

/** Uploaded files on local disk, one folder per bucket under DATA_DIR/uploads. */
export class DiskStore {
  constructor(private readonly root: string) {}

  private filePath(bucket: Bucket, fileName: string) {
    if (!/^[0-9a-f-]{36}\.webp$/.test(fileName)) throw new Error(`unsafe file name ${fileName}`);
    return path.join(this.root, bucket, fileName);
  }

  async write(bucket: Bucket, fileName: string, data: Buffer): Promise<void> {
    await mkdir(path.join(this.root, bucket), { recursive: true });
    await writeFile(this.filePath(bucket, fileName), data);
  }

  read(bucket: Bucket, fileName: string): Promise<Buffer> {
    return readFile(this.filePath(bucket, fileName));
  }

  async remove(bucket: Bucket, fileName: string): Promise<void> {
    await rm(this.filePath(bucket, fileName), { force: true });
  }
}
