import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@shared/auth/roles.js';
import { startSession } from '../../auth/sessions.js';
import { restaurantMembers, savedPlaces } from '../../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../../orders/testOrders.js';
import { insertMenuItem } from '../../restaurants/testFixtures.js';
import { insertInvitation } from '../../restaurants/testInvitations.js';
import { createUser, type TestUser } from '../accounts.js';
import type { TestContext } from '../app.js';
import { multipart, pngImage } from '../images.js';
import type { KnownValues } from './hostile.js';
import type { Caller } from './requests.js';
import { snapshotDatabase } from './snapshot.js';

export interface FuzzScene {
  callers: Caller[];
  /** Who signs out: the outsiders and the spare sessions, since a sign-out ends the session of the token it carries. */
  signOutCallers: Caller[];
  known: KnownValues;
  /** Real images for multipart parts. */
  images: Buffer[];
  /** Access tokens of signed-in users, one per role, for the realtime socket. */
  tokens: { role: Role; token: string }[];
  /**
   * Puts the scene back as it was built, so that one route's requests cannot take real work away
   * from the routes fuzzed after it: every table as it was (see snapshot.ts), and new sessions
   * for the callers whose tokens were outdated or ended (a role changed, an account disabled, a
   * session signed out). Callers, tokens and known refresh tokens are updated in place.
   */
  restore(): Promise<void>;
}

/** An HS256 token in the app's own format, with any secret and expiry: for forged and expired callers. */
async function handMadeToken(secret: string, claims: { sub: string; role: string }, expiresAt: number) {
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(Math.floor(expiresAt / 1000) - 900)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(new TextEncoder().encode(secret));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadPicture(t: TestContext, user: TestUser, bucket: string, image: Buffer): Promise<string> {
  const form = multipart({}, { file: { data: image, filename: 'a.png', contentType: 'image/png' } });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storage/${bucket}`,
    payload: form.payload,
    headers: { ...form.headers, ...user.authHeader },
  });
  if (res.statusCode !== 201) throw new Error(`fuzz scene upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ fileName: string }>().fileName;
}

/**
 * Real rows for generated ids to hit: a restaurant with an owner, a manager and a menu, orders
 * by a customer in several statuses and a place they saved, drivers verified and not, an admin, and stored pictures;
 * and every kind of caller, from anonymous and forged to one signed-in user per role.
 */
export async function buildFuzzScene(t: TestContext): Promise<FuzzScene> {
  const kitchen = await openRestaurant(t);
  const { owner, restaurant, dish } = kitchen;
  const closedDish = await insertMenuItem(t.app.db, {
    restaurantId: restaurant.id,
    name: 'Kenkey',
    price: 1500,
    isAvailable: false,
  });
  const secondDish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Banku', price: 99_999_999 });
  const manager = await createUser(t, { role: 'manager' });
  await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });
  const invitations = await Promise.all(
    ['ama', 'kofi', 'esi'].map((name) => insertInvitation(t, restaurant.id, `${name}@invited.test`)),
  );
  const customer = await createUser(t, { role: 'customer' });
  const otherCustomer = await createUser(t, { role: 'customer' });
  const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
  const newDriver = await createUser(t, { role: 'driver' });
  const admin = await createUser(t, { role: 'admin' });
  // Sessions the fuzzer may sign out or refresh without ending the callers' own.
  const spareSessions = [await createUser(t, { role: 'customer' }), await createUser(t, { role: 'restaurant' })];

  const pending = await placeOrder(t, customer, kitchen);
  const ready = await placeOrder(t, customer, kitchen, 2);
  await forceStatus(t, ready.id, 'ready');
  const onTheWay = await placeOrder(t, otherCustomer, kitchen, 3);
  await forceStatus(t, onTheWay.id, 'picked_up', driver.userId);

  const [home] = await t.app.db
    .insert(savedPlaces)
    .values({ userId: customer.userId, label: 'Home', address: '12 Oxford Street, Osu', latitude: 5.556, longitude: -0.182 })
    .returning({ id: savedPlaces.id });

  const images = [await pngImage(8, 8), await pngImage(300, 40, '#123456')];
  const picture = await uploadPicture(t, customer, 'profile-pictures', images[0]!);
  const document = await uploadPicture(t, driver, 'driver-licenses', images[0]!);

  const users: { name: string; role: Role; user: TestUser }[] = [
    { name: 'customer', role: 'customer', user: customer },
    { name: 'other customer', role: 'customer', user: otherCustomer },
    { name: 'restaurant owner', role: 'restaurant', user: owner },
    { name: 'manager', role: 'manager', user: manager },
    { name: 'verified driver', role: 'driver', user: driver },
    { name: 'unverified driver', role: 'driver', user: newDriver },
    { name: 'admin', role: 'admin', user: admin },
  ];
  const secret = t.config.JWT_SECRET;
  const hour = 3_600_000;
  const outsiders: [string, Record<string, string>][] = [
    ['anonymous', {}],
    ['garbage bearer', bearer('garbage')],
    ['empty bearer', { authorization: 'Bearer ' }],
    ['basic auth', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['huge bearer', bearer('x'.repeat(20_000))],
    ['NUL bearer', bearer('a\u0000b')],
    [
      'alg none token',
      bearer(`eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify({ sub: admin.userId, role: 'admin' })).toString('base64url')}.`),
    ],
    ['expired token', bearer(await handMadeToken(secret, { sub: customer.userId, role: 'customer' }, Date.now() - hour))],
    [
      'forged admin token',
      bearer(
        await handMadeToken(
          'not-the-secret-not-the-secret-not-the-secret',
          { sub: admin.userId, role: 'admin' },
          Date.now() + hour,
        ),
      ),
    ],
    [
      'token of a deleted account',
      bearer(await handMadeToken(secret, { sub: randomUUID(), role: 'customer' }, Date.now() + hour)),
    ],
  ];
  const outsiderCallers = outsiders.map(([name, headers]) => ({ name, headers, signedIn: false }));
  const userCallers = users.map(({ name, user }) => ({ name, headers: user.authHeader, signedIn: true }));
  const spareCallers = spareSessions.map((user, index) => ({
    name: `spare session ${index + 1}`,
    headers: user.authHeader,
    signedIn: true,
  }));
  const callers: Caller[] = [...outsiderCallers, ...userCallers];
  const signOutCallers: Caller[] = [...outsiderCallers, ...spareCallers];
  const tokens = users.map(({ role, user }) => ({ role, token: user.accessToken }));
  const refreshTokens = spareSessions.map((user) => user.refreshToken);

  const snapshot = await snapshotDatabase(t.database);
  /** Signs a user whose tokens no longer hold in again, wherever the scene keeps their tokens. */
  const signInAgain = async (userId: string) => {
    const session = await startSession(t.app.db, t.config.JWT_SECRET, userId);
    const index = users.findIndex(({ user }) => user.userId === userId);
    if (index >= 0) {
      userCallers[index]!.headers = bearer(session.accessToken);
      tokens[index]!.token = session.accessToken;
    }
    const spare = spareSessions.findIndex((user) => user.userId === userId);
    if (spare >= 0) {
      spareCallers[spare]!.headers = bearer(session.accessToken);
      refreshTokens[spare] = session.refreshToken;
    }
  };
  const restore = async () => {
    const outdated = await snapshot.restore();
    await Promise.all(outdated.map(signInAgain));
    if (outdated.length > 0) await snapshot.retake(['users', 'refresh_tokens']);
    // The emptied tables' notifications drop the public cache's copies before the next request.
    await t.database.caughtUp();
  };

  return {
    callers,
    signOutCallers,
    images,
    tokens,
    restore,
    known: {
      ids: {
        restaurant: [restaurant.id],
        menuItem: [dish.id, closedDish.id, secondDish.id],
        order: [pending.id, ready.id, onTheWay.id],
        user: users.map(({ user }) => user.userId),
        invitation: invitations.map(({ id }) => id),
        place: [home!.id],
      },
      emails: [customer.email, owner.email, admin.email, customer.email.toUpperCase()],
      text: {
        bucket: ['profile-pictures', 'driver-licenses'],
        fileName: [picture, document],
        refreshToken: refreshTokens,
        password: [customer.password],
        // A device on a push service of the default PUSH_SERVICE_ORIGINS, with keys of the right shape.
        endpoint: [
          'https://fcm.googleapis.com/fcm/send/fuzzed-device',
          'https://updates.push.services.mozilla.com/wpush/v2/fuzzed',
        ],
        p256dh: [`B${'A'.repeat(86)}`],
        auth: ['A'.repeat(22)],
      },
    },
  };
}
