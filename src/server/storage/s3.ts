import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { ImageWidth } from '@shared/storage/widths.js';
import type { S3Settings } from '../config.js';
import { MissingFileError, STORED_WIDTHS, storedPath, storeUnavailable, type ObjectStore } from './objectStore.js';
import type { FileLocation } from './urls.js';

/**
 * A client of any S3-compatible store: addressed by path (endpoint/bucket/key), which every such
 * store understands, and with checksums only where the API demands them, since stores other than
 * AWS refuse or ignore the checksum headers the SDK adds by default.
 */
export function s3Client(settings: S3Settings, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: timeouts.connectMs, requestTimeout: timeouts.answerMs, throwOnRequestTimeout: true },
  });
}

export interface S3Timeouts {
  /** To open a connection to the store. */
  connectMs: number;
  /** For the store to start answering a request once sent. */
  answerMs: number;
}

/** A store that hangs fails the request (503) instead of holding it and its connection for good. */
const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, answerMs: 15_000 };

/** A bucket of an S3-compatible store and the client that reaches it: what the copying to and from disk work on. */
export interface S3Bucket {
  client: S3Client;
  bucket: string;
}

/** Whether S3 answered that there is no such object (NotFound is HEAD's answer, which has no body to name it). */
export const isMissingObject = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Uploaded files in one S3 bucket, each under the key of its path on disk (objectStore.ts):
 * food-images/{folder}/{name}.webp, its smaller widths beside it.
 */
export class S3Store implements ObjectStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  private key(location: FileLocation, width: ImageWidth | null) {
    return storedPath(location, width).join('/');
  }

  async write(location: FileLocation, data: Buffer, width: ImageWidth | null = null): Promise<void> {
    const Key = this.key(location, width);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data })).catch((error: unknown) => {
      throw storeUnavailable(error);
    });
  }

  async read(location: FileLocation, width: ImageWidth | null = null): Promise<Buffer> {
    const Key = this.key(location, width);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isMissingObject(error)) throw new MissingFileError(location, width);
      throw storeUnavailable(error);
    }
  }

  /** One request per key: DeleteObjects needs a Content-MD5 header on Swift's S3 API, which the SDK no longer sends. */
  async remove(location: FileLocation): Promise<void> {
    const keys = STORED_WIDTHS.map((width) => this.key(location, width));
    await Promise.all(keys.map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })))).catch(
      (error: unknown) => {
        throw storeUnavailable(error);
      },
    );
  }
}
