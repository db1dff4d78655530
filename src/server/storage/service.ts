import { and, eq } from 'drizzle-orm';
import type { Bucket } from '@shared/storage/buckets.js';
import { fileUrl } from '@shared/storage/urls.js';
import type { ImageWidth } from '@shared/storage/widths.js';
import type { Queryable } from '../db/client.js';
import { uploads } from '../db/schema.js';
import { prepareImage, scaleDown, type PreparedImage } from './images.js';
import { MissingFileError, type ObjectStore } from './objectStore.js';
import type { FileLocation } from './urls.js';

export interface StoredImage {
  bucket: Bucket;
  fileName: string;
  url: string;
}

/**
 * Files are written (to disk or the bucket, STORAGE) before the database row: a caller whose
 * transaction fails must call discard() so that nothing is left stored for a row that never committed.
 */
export class StorageService {
  /** Scalings under way, by file and width: requests that arrive together share one. */
  private readonly scaling = new Map<string, Promise<Buffer>>();

  constructor(private readonly store: ObjectStore) {}

  prepare(bucket: Bucket, data: Buffer, folder: string | null = null): Promise<PreparedImage> {
    return prepareImage(bucket, data, folder);
  }

  async save(db: Queryable, image: PreparedImage, ownerId: string | null): Promise<StoredImage> {
    await this.store.write(image, image.data);
    await db.insert(uploads).values({
      bucket: image.bucket,
      folder: image.folder,
      fileName: image.fileName,
      ownerId,
      contentType: image.contentType,
      size: image.data.length,
    });
    return { bucket: image.bucket, fileName: image.fileName, url: fileUrl(image.bucket, image.fileName, image.folder) };
  }

  /** Checks, re-encodes and stores one image (in `folder` of the bucket, if given); on failure nothing stays stored. */
  async upload(db: Queryable, bucket: Bucket, data: Buffer, ownerId: string | null, folder: string | null = null) {
    const image = await this.prepare(bucket, data, folder);
    try {
      return await this.save(db, image, ownerId);
    } catch (error) {
      await this.discard([image]);
      throw error;
    }
  }

  async discard(files: readonly FileLocation[]): Promise<void> {
    await Promise.all(files.map((file) => this.store.remove(file)));
  }

  /** The upload row of a file; file names are unique within a bucket, whatever the folder. */
  async find(db: Queryable, bucket: Bucket, fileName: string) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, bucket), eq(uploads.fileName, fileName)))
      .limit(1);
    return row;
  }

  read(bucket: Bucket, fileName: string, folder: string | null = null): Promise<Buffer> {
    return this.store.read({ bucket, folder, fileName });
  }

  /**
   * A stored picture at one of IMAGE_WIDTHS, scaled down on its first request and kept beside it.
   * Made on request rather than at upload so that pictures stored before widths existed (demo
   * data, earlier uploads) get them too, without a migration; the widths are a fixed set, so a
   * picture never costs more than IMAGE_WIDTHS.length scalings and files.
   */
  async readWidth(location: FileLocation, width: ImageWidth): Promise<Buffer> {
    try {
      return await this.store.read(location, width);
    } catch (error) {
      if (!(error instanceof MissingFileError)) throw error;
    }
    const key = `${location.bucket}/${location.fileName}/${width}`;
    let scaling = this.scaling.get(key);
    if (!scaling) {
      scaling = this.scale(location, width).finally(() => this.scaling.delete(key));
      this.scaling.set(key, scaling);
    }
    return scaling;
  }

  private async scale(location: FileLocation, width: ImageWidth): Promise<Buffer> {
    const data = await scaleDown(await this.store.read(location), width);
    await this.store.write(location, data, width);
    return data;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageService;
  }
}
