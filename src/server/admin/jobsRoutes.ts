import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JOB_MESSAGES, jobParamsSchema, troubledJobsSchema } from '@shared/jobs/schemas.js';
import { conflict, notFound } from '../http/errors.js';
import { listTroubledJobs } from '../jobs/troubled.js';

/** The admin's Jobs page: failed and dead background jobs, and a retry for a dead one (409 once it is not dead, 404 for no such job). Inside the admin routes (admins only). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jobs', { schema: { response: { 200: troubledJobsSchema } } }, async () => ({
    items: await listTroubledJobs(app.db),
  }));

  app.post('/jobs/:queue/:id/retry', { schema: { params: jobParamsSchema } }, async (request, reply) => {
    const { queue, id } = request.params;
    if (await app.jobs.retry(app.db, queue, id)) return reply.status(204).send();
    throw (await app.jobs.has(queue, id)) ? conflict(JOB_MESSAGES.notDead) : notFound(JOB_MESSAGES.notFound);
  });
};
