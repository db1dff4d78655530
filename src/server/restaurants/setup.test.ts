import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, HOURS_MESSAGES } from '@shared/restaurants/hours.js';
import { NUL_MESSAGE } from '@shared/fields.js';
import { RESTAURANT_FORM_MESSAGES } from '@shared/restaurants/form.js';
import { orders, restaurants } from '../db/schema.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';

const form = (fields: Record<string, unknown> = {}) => ({
  name: 'Mama Put',
  description: 'Jollof and suya',
  address: '3 Allen Avenue, Ikeja, Lagos',
  phone: '+234 803 000 0000',
  country: 'Nigeria',
  currencySymbol: '₦',
  location: { latitude: 6.6018, longitude: 3.3515 },
  imageUrl: null,
  ...fields,
});

async function upload(t: TestContext, user: TestUser, bucket = 'food-images'): Promise<string> {
  const body = multipart({}, { file: { data: await pngImage(), filename: 'cover.png', contentType: 'image/png' } });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/storage/${bucket}`,
    payload: body.payload,
    headers: { ...body.headers, ...user.authHeader },
  });
  expect(res.statusCode).toBe(201);
  return res.json().url;
}

const setUp = (t: TestContext, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/restaurants', headers: user.authHeader, payload });

const edit = (t: TestContext, user: TestUser, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, headers: user.authHeader, payload });

// One database and app for both blocks.
const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

describe('setting up a restaurant', () => {
  it("stores the form with the owner's cover image and pin, and answers it as the owner's restaurant", async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const cover = await upload(t, owner);

    const res = await setUp(t, owner, form({ imageUrl: cover, description: '  ' }));

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name: 'Mama Put',
      description: null,
      address: '3 Allen Avenue, Ikeja, Lagos',
      phone: '+234 803 000 0000',
      imageUrl: cover,
      country: 'Nigeria',
      currencySymbol: '₦',
      latitude: 6.6018,
      longitude: 3.3515,
      minOrderAmount: 0,
      timeZone: 'Africa/Lagos',
      openingHours: ALWAYS_OPEN,
      pause: null,
      prepMinutes: 20,
      busyMinutes: 0,
      rating: null,
      isActive: true,
      awaitingApproval: false,
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/restaurants/mine', headers: owner.authHeader });
    expect(mine.json()).toEqual(res.json());
  });

  it('accepts a setup that leaves the optional description out altogether', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const { description: _omitted, ...withoutDescription } = form();
    const res = await setUp(t, owner, withoutDescription);
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBeNull();
  });

  it("accepts the owner's profile picture as cover, and another listed currency than the country's", async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const avatar = await upload(t, owner, 'profile-pictures');
    const res = await setUp(t, owner, form({ imageUrl: avatar, country: 'Ghana', currencySymbol: '$' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ country: 'Ghana', currencySymbol: '$', imageUrl: avatar });
  });

  it('refuses a second restaurant of the same owner with 409 and a clear message', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    expect((await setUp(t, owner, form())).statusCode).toBe(201);
    const again = await setUp(t, owner, form({ name: 'Second' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RESTAURANT_FORM_MESSAGES.alreadyHasOne);
    expect(await t.app.db.select().from(restaurants).where(eq(restaurants.ownerId, owner.userId))).toHaveLength(1);
  });

  it('refuses two setups racing each other but the first', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const answers = await Promise.all([1, 2, 3].map((n) => setUp(t, owner, form({ name: `Race ${n}` }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['name', { name: ' ' }, RESTAURANT_FORM_MESSAGES.nameRequired],
    ['address', { address: '' }, RESTAURANT_FORM_MESSAGES.addressRequired],
    ['phone', { phone: undefined }, RESTAURANT_FORM_MESSAGES.phoneRequired],
    ['phone that is no number in Nigeria', { phone: '0803 0000' }, RESTAURANT_FORM_MESSAGES.phoneNotInCountry('Nigeria')],
    ['country', { country: 'Atlantis' }, RESTAURANT_FORM_MESSAGES.countryRequired],
    ['currency', { currencySymbol: '¥' }, RESTAURANT_FORM_MESSAGES.currencyRequired],
    ['pin', { location: null }, RESTAURANT_FORM_MESSAGES.locationRequired],
    ['pin at 0, 0', { location: { latitude: 0, longitude: 0 } }, RESTAURANT_FORM_MESSAGES.locationZero],
    ['latitude', { location: { latitude: 91, longitude: 3 } }, RESTAURANT_FORM_MESSAGES.latitudeRange],
    ['longitude', { location: { latitude: 6, longitude: -180.5 } }, RESTAURANT_FORM_MESSAGES.longitudeRange],
    ['NUL in the name', { name: 'Mama\u0000Put' }, NUL_MESSAGE],
    ['an over-long description', { description: 'x'.repeat(1001) }, 'At most 1000 characters'],
    ['an over-long name', { name: 'x'.repeat(121) }, 'At most 120 characters'],
  ])('refuses a missing or wrong %s with 400 and its message', async (_, fields, message) => {
    const owner = await createUser(t, { role: 'restaurant' });
    const res = await setUp(t, owner, form(fields));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await t.app.db.select().from(restaurants).where(eq(restaurants.ownerId, owner.userId))).toEqual([]);
  });

  it.each([
    ['an outside address', () => 'https://evil.example.com/cover.png'],
    ['a file nobody uploaded', () => '/api/files/food-images/3b241101-e2bb-4255-8caf-4136c566a962.webp'],
  ])('refuses %s as cover image with 422', async (_, url) => {
    const owner = await createUser(t, { role: 'restaurant' });
    const res = await setUp(t, owner, form({ imageUrl: url() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(RESTAURANT_FORM_MESSAGES.imageNotYours);
  });

  it("refuses another owner's upload as cover image with 422", async () => {
    const [owner, other] = await Promise.all([createUser(t, { role: 'restaurant' }), createUser(t, { role: 'restaurant' })]);
    const res = await setUp(t, owner, form({ imageUrl: await upload(t, other) }));
    expect(res.statusCode).toBe(422);
  });
});

describe('changing a restaurant (Restaurant Settings)', () => {
  it("saves the owner's changes and leaves the orders placed before exactly as they were", async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    const [before] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    const cover = await upload(t, kitchen.owner);

    const res = await edit(
      t,
      kitchen.owner,
      kitchen.restaurant.id,
      form({
        name: 'Renamed',
        country: 'Ghana',
        phone: '+233 24 000 0000',
        currencySymbol: 'GH₵',
        location: { latitude: -1.2921, longitude: 36.8219 },
        imageUrl: cover,
      }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: kitchen.restaurant.id,
      name: 'Renamed',
      currencySymbol: 'GH₵',
      latitude: -1.2921,
      imageUrl: cover,
    });
    const [after] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ currencySymbol: 'GH₵', restaurantLatitude: kitchen.restaurant.latitude });
  });

  it('changes the currency until the restaurant takes its first order, then keeps it (409, under the currency field)', async () => {
    const kitchen = await openRestaurant(t);
    const toNaira = form({ currencySymbol: '₦' });
    expect((await edit(t, kitchen.owner, kitchen.restaurant.id, toNaira)).json()).toMatchObject({ currencySymbol: '₦' });
    const backToCedi = form({ country: 'Ghana', phone: '+233 24 000 0000', currencySymbol: 'GH₵' });
    expect((await edit(t, kitchen.owner, kitchen.restaurant.id, backToCedi)).json()).toMatchObject({ currencySymbol: 'GH₵' });
    await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);

    const refused = await edit(t, kitchen.owner, kitchen.restaurant.id, form({ name: 'Renamed' }));

    expect(refused.statusCode).toBe(409);
    const kept = RESTAURANT_FORM_MESSAGES.currencyKept('GH₵');
    expect(refused.json().error).toMatchObject({ message: kept, fields: { currencySymbol: kept } });
    const [row] = await t.app.db
      .select({ name: restaurants.name, currencySymbol: restaurants.currencySymbol })
      .from(restaurants)
      .where(eq(restaurants.id, kitchen.restaurant.id));
    expect(row).toEqual({ name: 'Mama Put', currencySymbol: 'GH₵' });
    const admin = await createUser(t, { role: 'admin' });
    expect((await edit(t, admin, kitchen.restaurant.id, form())).statusCode).toBe(409);
  });

  it('refuses a closed date added in the past (400), but saves one the restaurant kept that has passed since', async () => {
    const kitchen = await openRestaurant(t);
    const hours = (closedDates: string[]) => form({ openingHours: { ...ALWAYS_OPEN, closedDates } });

    const refused = await edit(t, kitchen.owner, kitchen.restaurant.id, hours(['2020-01-01']));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: HOURS_MESSAGES.pastDate,
      fields: { openingHours: HOURS_MESSAGES.pastDate },
    });
    expect((await setUp(t, await createUser(t, { role: 'restaurant' }), hours(['2020-01-01']))).statusCode).toBe(400);

    expect((await edit(t, kitchen.owner, kitchen.restaurant.id, hours(['2099-12-25']))).statusCode).toBe(200);
    await t.app.db
      .update(restaurants)
      .set({ openingHours: { ...ALWAYS_OPEN, closedDates: ['2020-01-01', '2099-12-25'] } })
      .where(eq(restaurants.id, kitchen.restaurant.id));
    const kept = await edit(t, kitchen.owner, kitchen.restaurant.id, hours(['2020-01-01', '2099-12-25']));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('keeps the current cover image when the form sends it back unchanged', async () => {
    const kitchen = await openRestaurant(t);
    const cover = await upload(t, kitchen.owner);
    expect((await edit(t, kitchen.owner, kitchen.restaurant.id, form({ imageUrl: cover }))).statusCode).toBe(200);
    const admin = await createUser(t, { role: 'admin' });
    const res = await edit(t, admin, kitchen.restaurant.id, form({ imageUrl: cover, name: 'Admin fixed the name' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imageUrl: cover, name: 'Admin fixed the name' });
  });

  it("answers another owner's restaurant with 404 and changes nothing", async () => {
    const [kitchen, rival] = await Promise.all([openRestaurant(t), openRestaurant(t)]);
    const res = await edit(t, rival.owner, kitchen.restaurant.id, form({ name: 'Taken over' }));
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(restaurants).where(eq(restaurants.id, kitchen.restaurant.id));
    expect(row!.name).toBe(kitchen.restaurant.name);
  });

  it.each(['customer', 'driver', 'manager'] as const)('refuses a %s with 403', async (role) => {
    const kitchen = await openRestaurant(t);
    const user = await createUser(t, { role });
    expect((await edit(t, user, kitchen.restaurant.id, form())).statusCode).toBe(403);
  });

  it('refuses an outside cover image on edit with 422', async () => {
    const kitchen = await openRestaurant(t);
    const res = await edit(t, kitchen.owner, kitchen.restaurant.id, form({ imageUrl: 'https://evil.example.com/x.png' }));
    expect(res.statusCode).toBe(422);
  });
});
