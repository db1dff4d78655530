import type { FastifyInstance } from 'fastify';

/** Ends every connection left: requests still running and sockets that did not answer their close. */
function cutConnections(app: FastifyInstance): void {
  app.log.warn('shutdown grace over: cutting the requests and sockets still open');
  app.server.closeAllConnections();
  for (const socket of app.websocketServer.clients) socket.terminate();
}

/**
 * Stops the instance without dropping work (SIGTERM, decision 033). At once /readyz says 503, the
 * realtime sockets are closed with the restart code (their clients reconnect, to another instance,
 * and refetch) and the job workers stop claiming jobs. Requests in flight finish while the
 * instance still listens, so that a proxy that has not yet seen /readyz fail is still answered;
 * once none is left, it stops listening and closes (workers, then the database). Whatever still
 * runs SHUTDOWN_GRACE_SECONDS after the start is cut, and jobs still in hand then are failed to be
 * retried elsewhere.
 */
export async function shutDown(app: FastifyInstance): Promise<void> {
  app.readiness.stop();
  app.realtime.stop();
  const workersStopped = app.jobs.stop();

  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), app.config.SHUTDOWN_GRACE_SECONDS * 1000);
  });
  try {
    const drained = await Promise.race([app.requestsInFlight.none().then(() => true), graceOver]);
    const closed = app.close();
    if (!drained || !(await Promise.race([closed.then(() => true), graceOver]))) cutConnections(app);
    await Promise.all([closed, workersStopped]);
  } finally {
    clearTimeout(timer);
  }
}
