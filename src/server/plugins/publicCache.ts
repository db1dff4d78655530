import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { topics } from '@shared/realtime/events.js';
import { ResponseCache } from '../http/responseCache.js';
import { CATALOG_CHANNEL, EVERYTHING_CHANGED, keysChangedWith } from '../restaurants/catalog.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The serialized public catalog replies of this instance. */
    publicCache: ResponseCache;
  }
}

/** A restaurant and its menu are two entries, so this holds some 500 restaurants' worth (a menu is a few KB). */
const MAX_ENTRIES = 1000;

/**
 * The public catalog replies, kept by each instance until a committed change announces itself on
 * CATALOG_CHANNEL (every instance LISTENs, so all drop their copy at once; a read first waits
 * until this instance has heard of every change committed before it), and tell the sockets they
 * hold that follow the restaurant's catalog topic. When the listening connection was down,
 * announcements may have been missed, so everything goes.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new ResponseCache(MAX_ENTRIES, () => app.database.caughtUp());
  app.decorate('publicCache', cache);

  const stopListening = await app.database.listen(
    CATALOG_CHANNEL,
    (payload) => {
      if (payload === EVERYTHING_CHANGED) return cache.clear();
      cache.invalidate(keysChangedWith(payload));
      // Whoever shows the restaurant here reads it again, from the copy just dropped.
      app.realtime.deliver({ topic: topics.catalog(payload), type: 'catalog.changed', restaurantId: payload });
    },
    { onListening: () => cache.clear() },
  );
  app.addHook('onClose', async () => {
    await stopListening().catch((err: unknown) => app.log.warn({ err }, 'could not stop listening for catalog changes'));
  });
});
