import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  meSchema,
  okSchema,
  refreshSchema,
  resetPasswordSchema,
  sessionSchema,
  signInSchema,
} from '@shared/auth/schemas.js';
import { requireUser } from '../http/guards.js';
import { counterLimits, routeLimit } from '../plugins/rateLimit.js';
import { currentUser, signIn } from './credentials.js';
import { requestPasswordReset, resetPassword } from './passwordReset.js';
import { endSession, refreshSession } from './sessions.js';
import { signUp } from './signup.js';
import { readSignupForm } from './signupForm.js';

/** Sign-in attempts are counted per address and email, so one user's typos do not lock out a shared network. */
function ipAndEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

/** Accounts and sessions, mounted at /api/auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, storage } = app;
  const jwtSecret = config.JWT_SECRET;

  app.post(
    '/signup',
    {
      schema: { consumes: ['multipart/form-data'], response: { 201: sessionSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_SIGNUP_MAX) },
    },
    async (request, reply) => {
      const form = await readSignupForm(request);
      return reply.status(201).send(await signUp({ db, storage, jwtSecret }, form));
    },
  );

  app.post(
    '/signin',
    {
      schema: { body: signInSchema, response: { 200: sessionSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_SIGNIN_MAX, ipAndEmail) },
      // Also per address across every email, so one address cannot try password after password on many accounts.
      onRequest: counterLimits(app, [{ name: 'signin-address', max: config.RATE_LIMIT_SIGNIN_ADDRESS_MAX, key: (r) => r.ip }]),
    },
    (request) => signIn(db, jwtSecret, request.body),
  );

  app.post('/refresh', { schema: { body: refreshSchema, response: { 200: sessionSchema } } }, (request) =>
    refreshSession(db, jwtSecret, request.body.refreshToken),
  );

  app.post('/signout', { schema: { body: refreshSchema, response: { 200: okSchema } } }, async (request) => {
    await endSession(db, request.body.refreshToken);
    return { ok: true as const };
  });

  app.get('/me', { schema: { response: { 200: meSchema } } }, (request) => currentUser(db, requireUser(request).userId));

  app.post(
    '/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: okSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_PASSWORD_RESET_MAX) },
    },
    async (request) => {
      requestPasswordReset({ db, mailer: app.mailer, publicUrl: config.PUBLIC_URL }, request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: okSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_PASSWORD_RESET_MAX) },
    },
    async (request) => {
      await resetPassword(db, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};
