import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESTAURANT_FORM_MESSAGES, restaurantBodySchema } from '@shared/restaurants/form.js';
import { pendingInvitationListSchema } from '@shared/restaurants/invitations.js';
import { managerListSchema } from '@shared/restaurants/managers.js';
import { ALWAYS_OPEN, HOURS_MESSAGES, PROPOSED_HOURS } from '@shared/restaurants/hours.js';
import { ownRestaurantSchema, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { fakeServer, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import EditPage from './EditPage.js';

const RESTAURANT_ID = '5d0f6c1e-2b7a-4c3d-8e9f-0a1b2c3d4e5f';

/** Labone Chop Bar, described and pinned, open 10:00 to 22:00. */
const mine = (fields: Partial<OwnRestaurant> = {}) =>
  ownRestaurant({
    id: RESTAURANT_ID,
    description: 'Fufu and light soup',
    latitude: 5.5648,
    longitude: -0.1728,
    openingHours: PROPOSED_HOURS,
    ...fields,
  });

function openSettings(restaurant: OwnRestaurant, routes: Routes = {}) {
  const server = fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, restaurant),
    'GET /api/restaurants/:id/managers': () => reply(managerListSchema, []),
    'GET /api/restaurants/:id/invitations': () => reply(pendingInvitationListSchema, []),
    'PATCH /api/restaurants/:id': (request) => {
      const body = restaurantBodySchema.parse(request.body);
      return reply(ownRestaurantSchema, {
        ...restaurant,
        minOrderAmount: body.minOrderAmount,
        timeZone: body.timeZone ?? restaurant.timeZone,
        openingHours: body.openingHours ?? restaurant.openingHours,
      });
    },
    ...routes,
  });
  const view = renderPage(<EditPage />, { path: '/restaurant/edit', session: sessionFor('restaurant') });
  return { server, ...view };
}

const minimumField = () => screen.findByRole<HTMLInputElement>('textbox', { name: 'Minimum order (GH₵)' });

describe("Restaurant Settings' minimum order", () => {
  it('is empty for none, and saves a typed amount in minor units', async () => {
    const { server, user } = openSettings(mine());
    const minimum = await minimumField();
    expect(minimum.value).toBe('');
    expect(descriptionOf(minimum)).toContain('Leave it empty for no minimum');

    await user.type(minimum, '45.5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)).toHaveLength(1));
    expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)[0]!.body).toMatchObject({ minOrderAmount: 4550 });
    expect(await screen.findByText(RESTAURANT_FORM_MESSAGES.saveSuccess)).toBeTruthy();
  });

  it('shows the stored minimum as an amount, and sends 0 once it is cleared', async () => {
    const { server, user } = openSettings(mine({ minOrderAmount: 5000 }));
    const minimum = await minimumField();
    expect(minimum.value).toBe('50.00');

    await user.clear(minimum);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)).toHaveLength(1));
    expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)[0]!.body).toMatchObject({ minOrderAmount: 0 });
  });

  it.each([
    ['-5', RESTAURANT_FORM_MESSAGES.minOrderNegative],
    ['12.345', RESTAURANT_FORM_MESSAGES.minOrderInvalid],
    ['fifty', RESTAURANT_FORM_MESSAGES.minOrderInvalid],
    ['1000000.01', RESTAURANT_FORM_MESSAGES.minOrderTooHigh],
  ])('refuses %s under the field, before anything is sent', async (typed, message) => {
    const { server, user } = openSettings(mine());
    const minimum = await minimumField();
    await user.type(minimum, typed);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(descriptionOf(minimum)).toContain(message));
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)).toEqual([]);
  });
});

const prepField = () => screen.findByRole<HTMLInputElement>('textbox', { name: 'Usual preparation time (minutes)' });

describe("Restaurant Settings' usual preparation time", () => {
  it('shows the stored minutes, and saves the ones typed', async () => {
    const { server, user } = openSettings(mine({ prepMinutes: 25 }));
    const prep = await prepField();
    expect(prep.value).toBe('25');
    expect(descriptionOf(prep)).toContain('5 to 120');

    await user.clear(prep);
    await user.type(prep, '40');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)).toHaveLength(1));
    expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)[0]!.body).toMatchObject({ prepMinutes: 40 });
  });

  it.each(['4', '121', '12.5', 'twenty', ''])('refuses %j under the field, before anything is sent', async (typed) => {
    const { server, user } = openSettings(mine());
    const prep = await prepField();
    await user.clear(prep);
    if (typed) await user.type(prep, typed);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(descriptionOf(prep)).toContain(RESTAURANT_FORM_MESSAGES.prepMinutes));
    expect(prep.getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`)).toEqual([]);
  });
});

const day = async (name: string) => within(await screen.findByRole('group', { name }));
const patches = (server: ReturnType<typeof openSettings>['server']) => server.sent('PATCH', `/api/restaurants/${RESTAURANT_ID}`);

describe("Restaurant Settings' opening hours", () => {
  it("shows the restaurant's own zone and hours, and saves a day's changed hours and a closed date", async () => {
    const { server, user } = openSettings(mine());
    expect((await screen.findByRole('combobox', { name: 'Time zone' })).textContent).toContain('Ghana: Accra');
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Time zone' }))).toContain('read in this time zone');

    const monday = await day('Monday');
    const closes = monday.getByLabelText<HTMLInputElement>('Closes on Monday');
    expect(monday.getByLabelText<HTMLInputElement>('Opens on Monday').value).toBe('10:00');
    expect(closes.value).toBe('22:00');
    await user.clear(closes);
    await user.type(closes, '02:00');
    expect(descriptionOf(closes)).toContain('until 02:00 next day');

    await user.click((await day('Sunday')).getByRole('button', { name: 'Remove 10:00–22:00 on Sunday' }));
    expect((await day('Sunday')).getByText('Closed')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add hours on Sunday' }));

    await user.type(screen.getByLabelText('Closed date'), '2020-12-25');
    await user.click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(descriptionOf(screen.getByLabelText('Closed date'))).toContain(HOURS_MESSAGES.pastDate);
    expect(screen.queryByRole('button', { name: 'Remove Fri, 25 Dec 2020' })).toBeNull();
    await user.clear(screen.getByLabelText('Closed date'));
    await user.type(screen.getByLabelText('Closed date'), '2099-12-25');
    await user.click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(screen.getByRole('button', { name: 'Remove Fri, 25 Dec 2099' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(patches(server)).toHaveLength(1));
    expect(patches(server)[0]!.body).toMatchObject({
      timeZone: 'Africa/Accra',
      openingHours: {
        weekly: [[{ opens: '10:00', closes: '02:00' }], ...PROPOSED_HOURS.weekly.slice(1, 6), []],
        closedDates: ['2099-12-25'],
      },
    });
  });

  it('copies Monday to every day', async () => {
    const { server, user } = openSettings(mine());
    const monday = await day('Monday');
    await user.click(monday.getByRole('button', { name: 'Add hours on Monday' }));
    const evening = monday.getByLabelText('Opens on Monday, hours 2');
    expect(document.activeElement).toBe(evening);
    await user.clear(monday.getByLabelText('Opens on Monday, hours 1'));
    await user.type(monday.getByLabelText('Opens on Monday, hours 1'), '11:00');
    await user.clear(monday.getByLabelText('Closes on Monday, hours 1'));
    await user.type(monday.getByLabelText('Closes on Monday, hours 1'), '14:00');
    await user.type(evening, '18:00');
    await user.type(monday.getByLabelText('Closes on Monday, hours 2'), '23:00');

    await user.click(screen.getByRole('button', { name: 'Copy Monday to every day' }));
    expect((await day('Thursday')).getByRole('button', { name: 'Remove 18:00–23:00 on Thursday' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(patches(server)).toHaveLength(1));
    const split = [
      { opens: '11:00', closes: '14:00' },
      { opens: '18:00', closes: '23:00' },
    ];
    expect(patches(server)[0]!.body).toMatchObject({ openingHours: { weekly: Array.from({ length: 7 }, () => split) } });
  });

  it('shows open all day as 00:00 to 00:00, and sends a closing time of 00:00 as 24:00', async () => {
    const { server, user } = openSettings(mine({ openingHours: ALWAYS_OPEN }));
    const tuesday = await day('Tuesday');
    const closes = tuesday.getByLabelText<HTMLInputElement>('Closes on Tuesday');
    expect(closes.value).toBe('00:00');
    expect(descriptionOf(closes)).toContain('open all day');

    const opens = tuesday.getByLabelText('Opens on Tuesday');
    await user.clear(opens);
    await user.type(opens, '18:00');
    expect(descriptionOf(closes)).toContain('until midnight');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(patches(server)).toHaveLength(1));
    const weekly = ALWAYS_OPEN.weekly.map((ranges, index) => (index === 1 ? [{ opens: '18:00', closes: '24:00' }] : ranges));
    expect(patches(server)[0]!.body).toMatchObject({ openingHours: { weekly } });
  });

  it('refuses overlapping hours under the day, once, and sends nothing', async () => {
    const { server, user } = openSettings(mine());
    const wednesday = await day('Wednesday');
    await user.click(wednesday.getByRole('button', { name: 'Add hours on Wednesday' }));
    await user.type(wednesday.getByLabelText('Opens on Wednesday, hours 2'), '21:00');
    await user.type(wednesday.getByLabelText('Closes on Wednesday, hours 2'), '23:00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const overlap = HOURS_MESSAGES.overlap('Wednesday');
    const opens = wednesday.getByLabelText('Opens on Wednesday, hours 1');
    await waitFor(() => expect(descriptionOf(opens)).toContain(overlap));
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(opens);
    expect(screen.getAllByText(overlap)).toHaveLength(1);
    expect(patches(server)).toEqual([]);

    await user.clear(wednesday.getByLabelText('Opens on Wednesday, hours 2'));
    await user.type(wednesday.getByLabelText('Opens on Wednesday, hours 2'), '22:00');
    await waitFor(() => expect(screen.queryByText(overlap)).toBeNull());
  });

  it('says which time is missing rather than calling the day overlapping', async () => {
    const { server, user } = openSettings(mine());
    const friday = await day('Friday');
    await user.click(friday.getByRole('button', { name: 'Add hours on Friday' }));
    await user.type(friday.getByLabelText('Opens on Friday, hours 2'), '23:00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const closes = friday.getByLabelText('Closes on Friday, hours 2');
    await waitFor(() => expect(descriptionOf(closes)).toContain(HOURS_MESSAGES.time));
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    expect(friday.getByLabelText('Opens on Friday, hours 2').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(HOURS_MESSAGES.overlap('Friday'))).toBeNull();
    expect(patches(server)).toEqual([]);
  });
});
