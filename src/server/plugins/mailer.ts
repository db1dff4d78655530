import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EmailSender } from '../notifications/emailSender.js';
import { createMailer } from '../notifications/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the emails every domain queues in the outbox (password resets, order emails). */
    mailer: EmailSender;
  }
}

/** One mail transport for the whole app, closed (after deliveries in flight) when the app closes. */
export const mailerPlugin = fp(async (app: FastifyInstance) => {
  const mailer = new EmailSender(app.db, createMailer(app.config, app.log), app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.close());
});
