import cookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  forgotPasswordSchema,
  meSchema,
  okSchema,
  resetPasswordSchema,
  sessionRequestSchema,
  sessionSchema,
  signInSchema,
} from '@shared/auth/schemas.js';
import { requireUser } from '../http/guards.js';
import { AppError, unauthorized } from '../http/errors.js';
import { counterLimits, routeLimit } from '../http/rateLimits.js';
import { clearRefreshCookie, refreshCookie, requireJson } from './cookies.js';
import { currentUser, signIn } from './credentials.js';
import { requestPasswordReset, resetPassword } from './passwordReset.js';
import { endSession, endSessionById, refreshSession } from './sessions.js';
import { replyWithSession, startNewSession } from './sessionReply.js';
import { signUp } from './signup.js';
import { bearerToken } from './tokens.js';
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
  await app.register(cookie);

  app.post(
    '/signup',
    {
      schema: { consumes: ['multipart/form-data'], response: { 201: sessionSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_SIGNUP_MAX) },
    },
    async (request, reply) => {
      const form = await readSignupForm(request);
      const session = await signUp({ db, storage, jwtSecret }, form);
      return reply.status(201).send(await startNewSession(app, request, reply, session));
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
    async (request, reply) => startNewSession(app, request, reply, await signIn(db, jwtSecret, request.body)),
  );

  app.post(
    '/refresh',
    { onRequest: requireJson, schema: { body: sessionRequestSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const token = refreshCookie(request);
      if (!token) throw unauthorized(MESSAGES.sessionExpired);
      try {
        return replyWithSession(reply, config, await refreshSession(db, jwtSecret, token));
      } catch (error) {
        // A refused token is dead for good; a server failure must not sign the browser out.
        if (error instanceof AppError) clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/signout',
    { onRequest: requireJson, schema: { body: sessionRequestSchema, response: { 200: okSchema } } },
    async (request, reply) => {
      const token = refreshCookie(request);
      if (token) await endSession(db, token);
      // A client that signs out with its access token alone (no cookie) ends that token's session too.
      const access = bearerToken(request.headers.authorization);
      const claims = access ? (await app.readAccessToken(access))?.claims : undefined;
      if (claims) await endSessionById(db, claims.sessionId);
      clearRefreshCookie(reply, config);
      return { ok: true as const };
    },
  );

  app.get('/me', { schema: { response: { 200: meSchema } } }, (request) => currentUser(db, requireUser(request).userId));

  app.post(
    '/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: okSchema } },
      config: { rateLimit: routeLimit(config, config.RATE_LIMIT_PASSWORD_RESET_MAX) },
    },
    async (request) => {
      await requestPasswordReset({ db, jobs: app.jobs }, request.body.email);
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
