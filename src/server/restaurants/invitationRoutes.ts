import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSchema } from '@shared/auth/schemas.js';
import {
  INVITATION_MESSAGES,
  INVITATIONS_PER_DAY_MAX,
  acceptedInvitationSchema,
  invitationEmailSchema,
  invitationSignupSchema,
  invitationParamsSchema,
  invitationTokenSchema,
  invitationViewSchema,
  pendingInvitationListSchema,
  pendingInvitationSchema,
} from '@shared/restaurants/invitations.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { startNewSession } from '../auth/sessionReply.js';
import { allowOnly, requireUser, signedIn } from '../http/guards.js';
import { counterLimits, routeLimit } from '../http/rateLimits.js';
import { acceptInvitation, signUpByInvitation, viewInvitation } from './invitationAcceptance.js';
import { inviteManager, listInvitations, withdrawInvitation } from './invitations.js';
import { runsAKitchen } from './routes.js';

const DAY_SECONDS = 24 * 60 * 60;

/** An owner's pending invitations, mounted at /api/restaurants: GET, POST /:id/invitations and DELETE /:id/invitations/:invitationId. */
export const restaurantInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(runsAKitchen));

  app.get(
    '/:id/invitations',
    { schema: { params: restaurantIdParamsSchema, response: { 200: pendingInvitationListSchema } } },
    (request) => listInvitations(app.db, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/invitations',
    {
      schema: { params: restaurantIdParamsSchema, body: invitationEmailSchema, response: { 201: pendingInvitationSchema } },
      // Every email sent counts, re-sent and later withdrawn ones too (a withdrawn row is gone, so the database cannot count it).
      preHandler: counterLimits(app, [
        {
          name: 'invitations-sent',
          max: INVITATIONS_PER_DAY_MAX,
          windowSeconds: DAY_SECONDS,
          key: (request) => request.user?.userId,
          message: () => INVITATION_MESSAGES.tooManyToday,
        },
      ]),
    },
    async (request, reply) => {
      const deps = { db: app.db, jobs: app.jobs, publicUrl: app.config.PUBLIC_URL };
      return reply.status(201).send(await inviteManager(deps, requireUser(request), request.params.id, request.body.email));
    },
  );

  app.delete('/:id/invitations/:invitationId', { schema: { params: invitationParamsSchema } }, async (request, reply) => {
    await withdrawInvitation(app.db, requireUser(request), request.params.id, request.params.invitationId);
    return reply.status(204).send();
  });
};

/**
 * The invitee's routes, mounted at /api/invitations: the emailed token travels in the body,
 * never the path, which the request log keeps. Creating an account by invitation is
 * invitationSignupRoutes, beside the other ways in at /api/auth, since it starts a session.
 */
export const inviteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = routeLimit(app.config, app.config.RATE_LIMIT_SIGNIN_MAX);

  app.post(
    '/lookup',
    { schema: { body: invitationTokenSchema, response: { 200: invitationViewSchema } }, config: { rateLimit } },
    (request) => viewInvitation(app.db, request.body.token),
  );

  app.post(
    '/accept',
    {
      onRequest: signedIn,
      schema: { body: invitationTokenSchema, response: { 200: acceptedInvitationSchema } },
      config: { rateLimit },
    },
    (request) => acceptInvitation(app.db, requireUser(request), request.body.token),
  );
};

/**
 * POST /api/auth/invitation-signup: the invitee creates their manager account from the emailed
 * token and is signed in, in the session cookie like every way in (auth/sessionReply.ts).
 */
export const invitationSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cookie);

  app.post(
    '/invitation-signup',
    {
      schema: { body: invitationSignupSchema, response: { 201: sessionSchema } },
      config: { rateLimit: routeLimit(app.config, app.config.RATE_LIMIT_SIGNUP_MAX) },
    },
    async (request, reply) => {
      const session = await signUpByInvitation({ db: app.db, jwtSecret: app.config.JWT_SECRET }, request.body);
      return reply.status(201).send(await startNewSession(app, request, reply, session));
    },
  );
};
