import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { UPLOAD_FIELD } from '@shared/storage/schemas.js';
import { AppError, badRequest } from '../http/errors.js';

const MISSING_FILE_MESSAGE = `Choose an image to upload (a multipart form part named "${UPLOAD_FIELD}")`;
const UNREADABLE_MESSAGE = 'The upload could not be read. Please try again.';

/**
 * The bytes of the one image part of a multipart request. A file over the limit is refused
 * as a whole (413), never handed on truncated.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(MISSING_FILE_MESSAGE);
  try {
    const part = await request.file({ limits: { files: 1, fileSize: MAX_UPLOAD_BYTES } });
    if (!part || part.fieldname !== UPLOAD_FIELD) throw badRequest(MISSING_FILE_MESSAGE);
    return await part.toBuffer();
  } catch (error) {
    throw multipartRefusal(request, error);
  }
}

/**
 * What to answer when reading a multipart body failed: our own refusals as they are, a file over
 * the limit as 413, and anything the parser choked on (no boundary, a body cut short) as 400.
 */
export function multipartRefusal(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
    return new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
  }
  request.log.info({ err: error }, 'unreadable multipart upload');
  return badRequest(UNREADABLE_MESSAGE);
}
