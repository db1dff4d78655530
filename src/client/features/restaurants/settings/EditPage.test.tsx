import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESTAURANT_FORM_MESSAGES, restaurantBodySchema } from '@shared/restaurants/form.js';
import { pendingInvitationListSchema } from '@shared/restaurants/invitations.js';
import { managerListSchema } from '@shared/restaurants/managers.js';
import { ownRestaurantSchema, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { fakeServer, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import EditPage from './EditPage.js';

const RESTAURANT_ID = '5d0f6c1e-2b7a-4c3d-8e9f-0a1b2c3d4e5f';

const mine = (fields: Partial<OwnRestaurant> = {}): OwnRestaurant => ({
  id: RESTAURANT_ID,
  name: 'Labone Chop Bar',
  description: 'Fufu and light soup',
  address: '22 Ndabaningi Sithole Road, Labone, Accra',
  phone: '+233 20 555 0612',
  imageUrl: null,
  country: 'Ghana',
  currencySymbol: 'GH₵',
  latitude: 5.5648,
  longitude: -0.1728,
  minOrderAmount: 0,
  isActive: true,
  awaitingApproval: false,
  ...fields,
});

function openSettings(restaurant: OwnRestaurant, routes: Routes = {}) {
  const server = fakeServer({
    'GET /api/restaurants/mine': () => reply(ownRestaurantSchema, restaurant),
    'GET /api/restaurants/:id/managers': () => reply(managerListSchema, []),
    'GET /api/restaurants/:id/invitations': () => reply(pendingInvitationListSchema, []),
    'PATCH /api/restaurants/:id': (request) => {
      const body = restaurantBodySchema.parse(request.body);
      return reply(ownRestaurantSchema, { ...restaurant, minOrderAmount: body.minOrderAmount });
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
