import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { hasRestaurantFolders, isPrivateBucket, UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import {
  fileParamsSchema,
  fileQuerySchema,
  folderFileParamsSchema,
  uploadParamsSchema,
  uploadQuerySchema,
  uploadResultSchema,
  type UploadResult,
} from '@shared/storage/schemas.js';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.js';
import { counterLimits } from '../http/rateLimits.js';
import { mayUploadTo, mayUploadToRestaurantFolder } from '../policy.js';
import { openFile, type FileRequest } from './files.js';
import { readUploadedFile } from './multipart.js';
import { signFileUrl } from './urls.js';

/**
 * POST /api/storage/:bucket: one image in the multipart part "file"; ?folder=<restaurant id>
 * puts a food picture in that restaurant's folder.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Re-encoding an image costs CPU: counted per account, and per address for a crowd of accounts.
  const uploadLimits = counterLimits(app, [
    { name: 'upload-account', max: app.config.RATE_LIMIT_UPLOAD_MAX, key: (request) => request.user?.userId },
    { name: 'upload-address', max: app.config.RATE_LIMIT_UPLOAD_ADDRESS_MAX, key: (request) => request.ip },
  ]);
  app.post(
    '/:bucket',
    {
      schema: { params: uploadParamsSchema, querystring: uploadQuerySchema, response: { 201: uploadResultSchema } },
      onRequest: uploadLimits,
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized(UPLOAD_MESSAGES.mustSignIn);
      const { bucket } = request.params;
      if (!mayUploadTo(user.role, bucket)) throw forbidden('Your account cannot upload images here');
      const folder = request.query.folder ?? null;
      if (folder !== null) {
        if (!hasRestaurantFolders(bucket)) throw badRequest(UPLOAD_MESSAGES.noFolders);
        if (!(await mayUploadToRestaurantFolder(app.db, user, folder))) throw notFound(RESTAURANT_MESSAGES.notFound);
      }

      const data = await readUploadedFile(request);
      const stored = await app.storage.upload(app.db, bucket, data, user.userId, folder);
      const result: UploadResult = isPrivateBucket(bucket)
        ? { ...stored, signedUrl: signFileUrl(app.config.JWT_SECRET, stored.url) }
        : stored;
      return reply.status(201).send(result);
    },
  );
};

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/**
 * GET /api/files/:bucket/{fileName} and /api/files/:bucket/{folder}/{fileName}: public pictures for
 * anyone, driver documents for those allowed; ?w= gives a food picture in a smaller width.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = async (request: FastifyRequest, reply: FastifyReply, file: FileRequest) => {
    const served = await openFile({ db: app.db, storage: app.storage, secret: app.config.JWT_SECRET }, request.user, file);
    return reply
      .header('cache-control', served.isPublic ? PUBLIC_CACHE : PRIVATE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .type(served.contentType)
      .send(served.data);
  };

  app.get('/:bucket/:entry', { schema: { params: fileParamsSchema, querystring: fileQuerySchema } }, (request, reply) => {
    const { bucket, entry } = request.params;
    const { w, ...link } = request.query;
    return serve(request, reply, { bucket, folder: null, fileName: entry, width: w, ...link });
  });
  app.get(
    '/:bucket/:entry/:fileName',
    { schema: { params: folderFileParamsSchema, querystring: fileQuerySchema } },
    (request, reply) => {
      const { bucket, entry, fileName } = request.params;
      const { w, ...link } = request.query;
      return serve(request, reply, { bucket, folder: entry, fileName, width: w, ...link });
    },
  );
};
