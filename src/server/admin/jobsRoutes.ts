import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOB_MESSAGES, jobParamsSchema, troubledJobsSchema } from '@shared/jobs/schemas.js';
import { conflict } from '../http/errors.js';
import { listTroubledJobs } from '../jobs/troubled.js';

/** The admin's Jobs page: failed and dead background jobs, and a retry for a dead one. Inside the admin routes (admins only). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jobs', { schema: { response: { 200: troubledJobsSchema } } }, async () => ({
    items: await listTroubledJobs(app.db),
  }));

  app.post('/jobs/:queue/:id/retry', { schema: { params: jobParamsSchema } }, async (request, reply) => {
    if (!(await app.jobs.retry(app.db, request.params.queue, request.params.id))) throw conflict(JOB_MESSAGES.notDead);
    return reply.status(204).send();
  });
};
