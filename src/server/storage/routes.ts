import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isPrivateBucket, UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import {
  fileParamsSchema,
  signedLinkQuerySchema,
  uploadParamsSchema,
  uploadResultSchema,
  type UploadResult,
} from '@shared/storage/schemas.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { counterLimits } from '../http/rateLimits.js';
import { mayUploadTo } from '../policy.js';
import { openFile } from './files.js';
import { readUploadedFile } from './multipart.js';
import { signFileUrl } from './urls.js';

/** POST /api/storage/:bucket: one image in the multipart part "file". */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Re-encoding an image costs CPU: counted per account, and per address for a crowd of accounts.
  const uploadLimits = counterLimits(app, [
    { name: 'upload-account', max: app.config.RATE_LIMIT_UPLOAD_MAX, key: (request) => request.user?.userId },
    { name: 'upload-address', max: app.config.RATE_LIMIT_UPLOAD_ADDRESS_MAX, key: (request) => request.ip },
  ]);
  app.post(
    '/:bucket',
    { schema: { params: uploadParamsSchema, response: { 201: uploadResultSchema } }, onRequest: uploadLimits },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized(UPLOAD_MESSAGES.mustSignIn);
      const { bucket } = request.params;
      if (!mayUploadTo(user.role, bucket)) throw forbidden('Your account cannot upload images here');

      const data = await readUploadedFile(request);
      const stored = await app.storage.upload(app.db, bucket, data, user.userId);
      const result: UploadResult = isPrivateBucket(bucket)
        ? { ...stored, signedUrl: signFileUrl(app.config.JWT_SECRET, stored.url) }
        : stored;
      return reply.status(201).send(result);
    },
  );
};

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

/** GET /api/files/:bucket/:fileName: public pictures for anyone, driver documents for those allowed. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:bucket/:fileName',
    { schema: { params: fileParamsSchema, querystring: signedLinkQuerySchema } },
    async (request, reply) => {
      const file = await openFile({ db: app.db, storage: app.storage, secret: app.config.JWT_SECRET }, request.user, {
        ...request.params,
        ...request.query,
      });
      return reply
        .header('cache-control', file.isPublic ? PUBLIC_CACHE : PRIVATE_CACHE)
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.data);
    },
  );
};
