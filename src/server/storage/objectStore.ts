import { IMAGE_WIDTHS, type ImageWidth } from '@shared/storage/widths.js';
import { unavailable } from '../http/errors.js';
import type { FileLocation } from './urls.js';

const SAFE_FILE_NAME = /^[0-9a-f-]{36}\.webp$/;
const SAFE_FOLDER = /^[0-9a-f-]{36}$/;

/**
 * Where uploaded files are kept (STORAGE): the local disk or an S3-compatible bucket. A smaller width
 * of a picture is kept beside it and removed with it.
 */
export interface ObjectStore {
  write(location: FileLocation, data: Buffer, width?: ImageWidth | null): Promise<void>;
  /** Rejects with MissingFileError when nothing is stored there. */
  read(location: FileLocation, width?: ImageWidth | null): Promise<Buffer>;
  /** Removes the file and any smaller widths made of it; nothing stored is no error. */
  remove(location: FileLocation): Promise<void>;
}

/** The store failed, refused us or did not answer in time: the request answers 503, its cause is logged. */
export const storeUnavailable = (cause: unknown) =>
  unavailable('Pictures cannot be stored or read just now. Please try again in a moment.', cause);

/** Nothing is stored at a location: callers see this one error, whichever store answered. */
export class MissingFileError extends Error {
  constructor(location: FileLocation, width: ImageWidth | null) {
    super(`no stored file ${storedPath(location, width).join('/')}`);
  }
}

/**
 * The path of a stored file, in segments: {bucket}/{folder}/{name}, without the folder when there is
 * none, and {name}.360w.webp for a smaller width. Refuses any folder or name the server would not have
 * chosen, so that no request can reach outside the uploads.
 */
export function storedPath(location: FileLocation, width: ImageWidth | null): string[] {
  const { bucket, folder, fileName } = location;
  if (folder !== null && !SAFE_FOLDER.test(folder)) throw new Error(`unsafe folder ${folder}`);
  if (!SAFE_FILE_NAME.test(fileName)) throw new Error(`unsafe file name ${fileName}`);
  const name = width === null ? fileName : fileName.replace(/\.webp$/, `.${width}w.webp`);
  return folder === null ? [bucket, name] : [bucket, folder, name];
}

/** A file as uploaded (null) and the smaller widths that may have been made of it. */
export const STORED_WIDTHS: readonly (ImageWidth | null)[] = [null, ...IMAGE_WIDTHS];
