import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accessTokenReader, type AccessTokenReader } from '../auth/accessTokens.js';
import { AUTH_CHANNEL, parseRevocation, RevocationRegistry } from '../auth/revocation.js';
import { bearerToken, forgetVerifiedTokens } from '../auth/tokens.js';
import type { AuthUser } from '../core/identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user from a valid bearer token, or null. */
    user: AuthUser | null;
    /** The session (refresh-token family) of that token, or null: what a device's push subscription belongs to. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Sessions and token versions revoked lately, as announced by any instance. */
    revocations: RevocationRegistry;
    /** The verified claims of an access token that still holds, or null. */
    readAccessToken: AccessTokenReader;
  }
}

/**
 * Reads the bearer token of every request and keeps this instance's revocation registry: every
 * instance LISTENs on the auth channel. While the listening connection is down every token is
 * checked against the database; revocations may have gone unheard meanwhile, so on every
 * (re)connection the verified tokens are forgotten and each is checked against the database
 * again (open sockets included, see plugins/realtime.ts).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const revocations = new RevocationRegistry();
  const readToken = accessTokenReader(app.db, app.config.JWT_SECRET, revocations);
  app.decorate('revocations', revocations);
  app.decorate('readAccessToken', readToken);

  const stopListening = await app.database.listen(
    AUTH_CHANNEL,
    (payload) => {
      const revocation = parseRevocation(payload);
      if (revocation) revocations.record(revocation);
      else app.log.warn('ignored a malformed revocation');
    },
    {
      onListening: () => {
        forgetVerifiedTokens();
        revocations.listenerBack();
      },
      onLost: () => revocations.listenerLost(),
    },
  );
  app.addHook('onClose', async () => {
    await stopListening().catch((err: unknown) => app.log.warn({ err }, 'could not stop listening for revocations'));
  });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // A callback hook, not an async one: most public reads carry no token and then cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      done();
      return;
    }
    readToken(token).then((verified) => {
      request.user = verified && { userId: verified.claims.userId, role: verified.claims.role };
      request.sessionId = verified ? verified.claims.sessionId : null;
      done();
    }, done);
  });
});
