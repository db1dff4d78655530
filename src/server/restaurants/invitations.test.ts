import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { INVITATION_MESSAGES, INVITATIONS_PER_DAY_MAX, PENDING_INVITATIONS_MAX } from '@shared/restaurants/invitations.js';
import { restaurantInvitations, restaurantMembers, users } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useAnotherApp, useTestApp, type TestContext } from '../test/app.js';
import { multipart } from '../test/images.js';
import { accept, emailedToken, invitationsOf, invite, lookup, signUpInvited, withdraw } from './testInvitations.js';

const sales = (t: TestContext, accessToken: string, restaurantId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/restaurants/${restaurantId}/transactions`,
    headers: { authorization: `Bearer ${accessToken}` },
  });

const invitationRows = (t: TestContext, email: string) =>
  t.app.db.select().from(restaurantInvitations).where(eq(restaurantInvitations.email, email));

const accountsWith = (t: TestContext, email: string) => t.app.db.select().from(users).where(eq(users.email, email));

const customerSignUp = (t: TestContext, email: string) => {
  const body = multipart({
    fullName: 'Efua Owusu',
    phone: '+233 24 123 4567',
    email,
    password: 'efua-password',
    role: 'customer',
  });
  return t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body.payload, headers: body.headers });
};

// One database for the file; the daily limit's block builds its app, with rate limits on, on it.
const invitations = useTestApp({ RATE_LIMIT_DISABLED: '1' });

describe('invitations of managers', () => {
  const t = invitations;

  it('answers alike whatever the email: an unknown one, a manager of the restaurant, a customer, a driver, an owner, an admin', async () => {
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const others = await Promise.all(
      (['customer', 'driver', 'restaurant', 'admin'] as const).map((role) => createUser(t, { role })),
    );
    const emails = ['stranger@example.com', manager.email, ...others.map((u) => u.email)];

    for (const email of emails) {
      const res = await invite(t, kitchen.owner, kitchen.restaurant.id, email);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(String), email, expiresAt: expect.any(String) });
      expect(await emailedToken(t, email)).toBeTruthy();
    }
    // No account is made for an invitation: the stranger's email is still free.
    expect(await accountsWith(t, 'stranger@example.com')).toEqual([]);
    const list = await invitationsOf(t, kitchen.owner, kitchen.restaurant.id);
    expect(list.json().map((i: { email: string }) => i.email)).toEqual(emails);
  });

  it('lets an invitee without an account create a manager account by the link, once, and sign in with it', async () => {
    const kitchen = await openRestaurant(t);
    await invite(t, kitchen.owner, kitchen.restaurant.id, ' Efua@Example.com ');
    const token = await emailedToken(t, 'efua@example.com');

    const view = await lookup(t, token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ restaurantName: kitchen.restaurant.name, email: 'efua@example.com', hasAccount: false });

    const res = await signUpInvited(t, token);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'manager', email: 'efua@example.com', profile: { fullName: 'Efua Owusu' } });
    expect((await sales(t, res.json().accessToken, kitchen.restaurant.id)).statusCode).toBe(200);
    expect(await invitationRows(t, 'efua@example.com')).toEqual([]);

    for (const again of [await lookup(t, token), await signUpInvited(t, token)]) {
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe(INVITATION_MESSAGES.linkInvalid);
    }
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'efua@example.com', password: 'efua-password' },
    });
    expect(signin.statusCode).toBe(200);
  });

  it('lets a signed-in manager account of the invited email accept, once; the restaurant then lists them', async () => {
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager', fullName: 'Kwame Mensah' });
    await invite(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    const token = await emailedToken(t, manager.email);
    expect((await lookup(t, token)).json()).toMatchObject({ hasAccount: true });

    const res = await accept(t, manager, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ restaurantId: kitchen.restaurant.id, restaurantName: kitchen.restaurant.name });
    expect((await sales(t, manager.accessToken, kitchen.restaurant.id)).statusCode).toBe(200);
    const managers = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${kitchen.restaurant.id}/managers`,
      headers: kitchen.owner.authHeader,
    });
    expect(managers.json()).toEqual([{ userId: manager.userId, fullName: 'Kwame Mensah', email: manager.email }]);
    expect((await invitationsOf(t, kitchen.owner, kitchen.restaurant.id)).json()).toEqual([]);
    expect((await accept(t, manager, token)).statusCode).toBe(404);
  });

  it('refuses, to the invitee only, another account than the invited one and an account that is not a manager; the invitation stays', async () => {
    const kitchen = await openRestaurant(t);
    const [customer, otherManager] = await Promise.all([createUser(t, { role: 'customer' }), createUser(t, { role: 'manager' })]);
    await invite(t, kitchen.owner, kitchen.restaurant.id, customer.email);
    const token = await emailedToken(t, customer.email);

    const wrongAccount = await accept(t, otherManager, token);
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().error.message).toBe(INVITATION_MESSAGES.otherEmail);
    const notManager = await accept(t, customer, token);
    expect(notManager.statusCode).toBe(422);
    expect(notManager.json().error.message).toBe(INVITATION_MESSAGES.notAManagerAccount);
    const taken = await signUpInvited(t, token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MESSAGES.emailTaken);

    expect(
      await t.app.db.select().from(restaurantMembers).where(eq(restaurantMembers.restaurantId, kitchen.restaurant.id)),
    ).toEqual([]);
    expect(await invitationRows(t, customer.email)).toHaveLength(1);
    expect((await accept(t, otherManager, 'not-a-token')).statusCode).toBe(404);
  });

  it('leaves nothing behind once withdrawn: the link is dead and the invitee signs up as anyone would', async () => {
    const kitchen = await openRestaurant(t);
    const sent = await invite(t, kitchen.owner, kitchen.restaurant.id, 'ama@example.com');
    const token = await emailedToken(t, 'ama@example.com');

    expect((await withdraw(t, kitchen.owner, kitchen.restaurant.id, sent.json().id)).statusCode).toBe(204);

    expect((await invitationsOf(t, kitchen.owner, kitchen.restaurant.id)).json()).toEqual([]);
    expect((await lookup(t, token)).statusCode).toBe(404);
    expect((await signUpInvited(t, token)).statusCode).toBe(404);
    expect(await invitationRows(t, 'ama@example.com')).toEqual([]);
    expect((await customerSignUp(t, 'ama@example.com')).statusCode).toBe(201);
    const again = await withdraw(t, kitchen.owner, kitchen.restaurant.id, sent.json().id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(INVITATION_MESSAGES.notPending);
  });

  it('leaves nothing behind once expired: the link is dead, the row deleted when met, the list without it', async () => {
    const kitchen = await openRestaurant(t);
    await invite(t, kitchen.owner, kitchen.restaurant.id, 'late@example.com');
    await invite(t, kitchen.owner, kitchen.restaurant.id, 'later@example.com');
    const token = await emailedToken(t, 'late@example.com');
    await t.app.db.update(restaurantInvitations).set({ expiresAt: sql`now() - interval '1 second'` });

    const res = await lookup(t, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(INVITATION_MESSAGES.linkInvalid);
    expect(await invitationRows(t, 'late@example.com')).toEqual([]);
    expect((await invitationsOf(t, kitchen.owner, kitchen.restaurant.id)).json()).toEqual([]);
    expect(await invitationRows(t, 'later@example.com')).toEqual([]);
  });

  it(`keeps at most ${PENDING_INVITATIONS_MAX} pending invitations per restaurant; inviting an email again renews its link`, async () => {
    const kitchen = await openRestaurant(t);
    const emails = Array.from({ length: PENDING_INVITATIONS_MAX }, (_, i) => `person${i}@example.com`);
    for (const email of emails) expect((await invite(t, kitchen.owner, kitchen.restaurant.id, email)).statusCode).toBe(201);
    const firstToken = await emailedToken(t, emails[0]!);

    const over = await invite(t, kitchen.owner, kitchen.restaurant.id, 'one-too-many@example.com');
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe(INVITATION_MESSAGES.tooManyPending);
    expect(await invitationRows(t, 'one-too-many@example.com')).toEqual([]);

    const renewed = await invite(t, kitchen.owner, kitchen.restaurant.id, emails[0]!);
    expect(renewed.statusCode).toBe(201);
    expect((await lookup(t, firstToken)).statusCode).toBe(404);
    expect((await lookup(t, await emailedToken(t, emails[0]!))).statusCode).toBe(200);
    expect((await invitationsOf(t, kitchen.owner, kitchen.restaurant.id)).json()).toHaveLength(PENDING_INVITATIONS_MAX);
  });

  it('counts invitations sent at the same moment against the limit, and keeps one row for the same email sent twice at once', async () => {
    const kitchen = await openRestaurant(t);
    const twice = await Promise.all([1, 2].map(() => invite(t, kitchen.owner, kitchen.restaurant.id, 'twice@example.com')));
    expect(twice.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await invitationRows(t, 'twice@example.com')).toHaveLength(1);

    const many = await Promise.all(
      Array.from({ length: PENDING_INVITATIONS_MAX + 2 }, (_, i) =>
        invite(t, kitchen.owner, kitchen.restaurant.id, `rush${i}@example.com`),
      ),
    );
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(PENDING_INVITATIONS_MAX - 1);
    expect(many.filter((r) => r.statusCode === 422)).toHaveLength(3);
  });

  it('gives one account and one membership when the link is used twice at once', async () => {
    const kitchen = await openRestaurant(t);
    await invite(t, kitchen.owner, kitchen.restaurant.id, 'racer@example.com');
    const token = await emailedToken(t, 'racer@example.com');

    const answers = await Promise.all([signUpInvited(t, token, 'First'), signUpInvited(t, token, 'Second')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    expect(await accountsWith(t, 'racer@example.com')).toHaveLength(1);

    const manager = await createUser(t, { role: 'manager' });
    await invite(t, kitchen.owner, kitchen.restaurant.id, manager.email);
    const second = await emailedToken(t, manager.email);
    const accepts = await Promise.all([accept(t, manager, second), accept(t, manager, second)]);
    expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });

  it('finds a link only by its exact token: not in another letter case, not with a NUL byte', async () => {
    const kitchen = await openRestaurant(t);
    await invite(t, kitchen.owner, kitchen.restaurant.id, 'exact@example.com');
    const token = await emailedToken(t, 'exact@example.com');
    const otherCase = token.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(otherCase).not.toBe(token);

    expect((await lookup(t, otherCase)).statusCode).toBe(404);
    expect((await signUpInvited(t, otherCase)).statusCode).toBe(404);
    expect((await lookup(t, `${token}\u0000`)).statusCode).toBe(400);
    expect((await lookup(t, token)).statusCode).toBe(200);
  });

  it('refuses an over-long or NUL-carrying email, token or name, and takes ids in upper case', async () => {
    const kitchen = await openRestaurant(t);
    const restaurantId = kitchen.restaurant.id.toUpperCase();
    for (const email of [`${'a'.repeat(250)}@example.com`, 'nul\u0000@example.com', '']) {
      expect((await invite(t, kitchen.owner, restaurantId, email)).statusCode, email).toBe(400);
    }
    const sent = await invite(t, kitchen.owner, restaurantId, 'Upper@Example.com');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: 'upper@example.com' });
    const token = await emailedToken(t, 'upper@example.com');

    expect((await lookup(t, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await lookup(t, '')).statusCode).toBe(400);
    expect((await signUpInvited(t, token, 'Efua\u0000Owusu')).statusCode).toBe(400);
    expect((await signUpInvited(t, token, 'E'.repeat(5000))).statusCode).toBe(400);
    expect(await accountsWith(t, 'upper@example.com')).toEqual([]);
    expect((await lookup(t, token)).statusCode).toBe(200);

    expect((await withdraw(t, kitchen.owner, restaurantId, sent.json().id.toUpperCase())).statusCode).toBe(204);
    expect(await invitationRows(t, 'upper@example.com')).toEqual([]);
  });

  it("answers another owner with 404 for the restaurant's invitations, and refuses an invitation id of another restaurant", async () => {
    const [kitchen, rival] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    const sent = await invite(t, kitchen.owner, kitchen.restaurant.id, 'kept@example.com');
    const id: string = sent.json().id;

    expect((await invitationsOf(t, rival.owner, kitchen.restaurant.id)).statusCode).toBe(404);
    expect((await invite(t, rival.owner, kitchen.restaurant.id, 'spam@example.com')).statusCode).toBe(404);
    expect((await withdraw(t, rival.owner, kitchen.restaurant.id, id)).statusCode).toBe(404);
    expect((await withdraw(t, rival.owner, rival.restaurant.id, id)).statusCode).toBe(404);
    expect((await withdraw(t, rival.owner, rival.restaurant.id, id.toUpperCase())).statusCode).toBe(404);
    expect(await invitationRows(t, 'kept@example.com')).toHaveLength(1);
    expect(await invitationRows(t, 'spam@example.com')).toEqual([]);
  });
});

describe('invitations a user sends in a day', () => {
  const t = useAnotherApp(invitations, {});

  it(`are at most ${INVITATIONS_PER_DAY_MAX}, re-sent and withdrawn ones included, then 429 with a clear message`, async () => {
    const [kitchen, other] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    for (let i = 0; i < INVITATIONS_PER_DAY_MAX; i++) {
      const sent = await invite(t, kitchen.owner, kitchen.restaurant.id, `daily${i % 3}@example.com`);
      expect(sent.statusCode).toBe(201);
      if (i % 2) await withdraw(t, kitchen.owner, kitchen.restaurant.id, sent.json().id);
    }

    const over = await invite(t, kitchen.owner, kitchen.restaurant.id, 'one-more@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(INVITATION_MESSAGES.tooManyToday);
    expect(await invitationRows(t, 'one-more@example.com')).toEqual([]);
    // Another owner has their own count.
    expect((await invite(t, other.owner, other.restaurant.id, 'one-more@example.com')).statusCode).toBe(201);
  });
});
