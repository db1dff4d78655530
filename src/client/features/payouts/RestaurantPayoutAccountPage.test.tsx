import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NO_PAYOUT_ACCOUNT,
  PAYOUT_MESSAGES,
  payoutAccountInputSchema,
  payoutAccountViewSchema,
  payoutBankListSchema,
  payoutResolvedSchema,
  type PayoutAccountView,
} from '@shared/payouts/schemas.js';
import { PROPOSED_HOURS } from '@shared/restaurants/hours.js';
import { ownRestaurantSchema, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { doubleTap } from '@/test/doubleTap.js';
import { fakeServer, gate, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { ownRestaurant } from '@/test/restaurants.js';
import { PAYOUT_ACCOUNT_TEXTS as T } from './payoutTexts.js';
import RestaurantPayoutAccountPage from './RestaurantPayoutAccountPage.js';

const RESTAURANT_ID = '5d0f6c1e-2b7a-4c3d-8e9f-0a1b2c3d4e5f';
const ACCOUNT_PATH = `/api/restaurants/${RESTAURANT_ID}/payout-account`;

/** Labone Chop Bar, pinned, open 10:00 to 22:00. */
const mine = (fields: Partial<OwnRestaurant> = {}) =>
  ownRestaurant({ id: RESTAURANT_ID, latitude: 5.5648, longitude: -0.1728, openingHours: PROPOSED_HOURS, ...fields });

const SAVED: PayoutAccountView = {
  recipientType: 'ghipss',
  bankCode: 'GCB',
  bankName: 'GCB Bank',
  accountNumberLast4: '7890',
  accountName: 'KWAME MENSAH',
  currency: 'GHS',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const BANKS = {
  ghipss: [
    { code: 'GCB', name: 'GCB Bank' },
    { code: 'ECO', name: 'Ecobank Ghana' },
  ],
  mobile_money: [
    { code: 'MTN', name: 'MTN Mobile Money' },
    { code: 'VOD', name: 'Telecel Cash' },
  ],
  nuban: [{ code: '058', name: 'Guaranty Trust Bank' }],
  kepss: [{ code: '01', name: 'KCB Bank' }],
};

function openPage({
  restaurant = mine(),
  account = NO_PAYOUT_ACCOUNT,
  role = 'restaurant',
  routes = {},
}: {
  restaurant?: OwnRestaurant | null;
  account?: PayoutAccountView;
  role?: 'restaurant' | 'manager';
  routes?: Routes;
} = {}) {
  let stored = account;
  const server = fakeServer({
    'GET /api/restaurants/mine': () =>
      restaurant ? reply(ownRestaurantSchema, restaurant) : refuse(404, { code: 'not_found', message: 'No restaurant found' }),
    'GET /api/restaurants/:id/payout-account': () => reply(payoutAccountViewSchema, stored),
    'GET /api/payouts/banks': (request) =>
      reply(payoutBankListSchema, { banks: BANKS[request.query.get('recipientType') as keyof typeof BANKS] }),
    'POST /api/payouts/resolve': () => reply(payoutResolvedSchema, { accountName: 'KWAME MENSAH' }),
    'PUT /api/restaurants/:id/payout-account': (request) => {
      const body = payoutAccountInputSchema.parse(request.body);
      const bank = BANKS[body.recipientType].find((candidate) => candidate.code === body.bankCode);
      stored = {
        recipientType: body.recipientType,
        bankCode: body.bankCode,
        bankName: bank?.name ?? null,
        accountNumberLast4: body.accountNumber.slice(-4),
        accountName: 'KWAME MENSAH',
        currency: 'GHS',
        updatedAt: '2026-11-27T09:00:00.000Z',
      };
      return reply(payoutAccountViewSchema, stored);
    },
    ...routes,
  });
  const view = renderPage(<RestaurantPayoutAccountPage />, {
    path: '/restaurant/manager/payout-account',
    session: sessionFor(role),
  });
  return { server, ...view };
}

const form = () => within(screen.getByRole('form', { name: 'Payout account' }));

async function chooseOption(user: ReturnType<typeof openPage>['user'], combobox: string, option: string) {
  const trigger = await waitFor(() => {
    const found = form().getByRole('combobox', { name: combobox });
    expect(found.hasAttribute('disabled')).toBe(false);
    return found;
  });
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("a restaurant's payout account", () => {
  it('checks the account with Paystack, names its holder, and only then saves it', async () => {
    const answer = gate();
    const { server, user } = openPage({
      routes: {
        'POST /api/payouts/resolve': async () => {
          await answer.passed;
          return reply(payoutResolvedSchema, { accountName: 'KWAME MENSAH' });
        },
      },
    });

    expect(await screen.findByText(/No payout account yet/)).toBeTruthy();
    expect(screen.getByText('Labone Chop Bar')).toBeTruthy();
    // A restaurant in Ghana is paid to a Ghanaian bank account or mobile money.
    const paidTo = form().getByRole('radiogroup', { name: 'Paid to' });
    expect(
      within(paidTo)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['Bank account', 'Mobile money']);
    expect(form().queryByRole('radiogroup', { name: 'Country' })).toBeNull();

    const save = form().getByRole('button', { name: 'Save payout account' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(save)).toBe(T.checkFirst);

    await chooseOption(user, 'Bank', 'GCB Bank');
    await user.type(form().getByRole('textbox', { name: 'Account number' }), '1234 567 890');
    await user.click(form().getByRole('button', { name: 'Check account' }));
    await waitFor(() =>
      expect(
        form()
          .getByRole('button', { name: /Checking/ })
          .getAttribute('aria-busy'),
      ).toBe('true'),
    );
    expect(save.hasAttribute('disabled')).toBe(true);
    answer.open();

    expect((await screen.findByText('Paystack says this account belongs to:')).textContent).toBe(
      'Paystack says this account belongs to: KWAME MENSAH',
    );
    // The number is sent as the shared schema reads it: digits only.
    expect(server.sent('POST', '/api/payouts/resolve').map((request) => request.body)).toEqual([
      { recipientType: 'ghipss', bankCode: 'GCB', accountNumber: '1234567890' },
    ]);
    expect(server.sent('GET', '/api/payouts/banks')[0]!.query.toString()).toBe('recipientType=ghipss');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));

    doubleTap(save);

    expect(await screen.findByText(T.saved)).toBeTruthy();
    expect(server.sent('PUT', ACCOUNT_PATH).map((request) => request.body)).toEqual([
      { recipientType: 'ghipss', bankCode: 'GCB', accountNumber: '1234567890' },
    ]);
    const saved = within(await screen.findByLabelText('Saved payout account'));
    expect(saved.getByText('GCB Bank')).toBeTruthy();
    expect(saved.getByText('•••• 7890')).toBeTruthy();
    expect(saved.getByText('ending in 7890')).toBeTruthy();
    expect(saved.getByText('KWAME MENSAH')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Payout account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change payout account' })).toBeTruthy();
  });

  it('asks Paystack again when the account changes after it was checked', async () => {
    const { server, user } = openPage();
    await chooseOption(user, 'Bank', 'GCB Bank');
    const number = form().getByRole('textbox', { name: 'Account number' });
    await user.type(number, '1234567890');
    await user.click(form().getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('KWAME MENSAH')).toBeTruthy();

    await user.type(number, '1');
    expect(screen.queryByText('KWAME MENSAH')).toBeNull();
    expect(form().getByRole('button', { name: 'Save payout account' }).hasAttribute('disabled')).toBe(true);

    // Enter checks the account the form now holds; it is saved with a second Enter.
    await user.type(number, '{Enter}');
    expect(await screen.findByText('KWAME MENSAH')).toBeTruthy();
    expect(server.sent('POST', '/api/payouts/resolve')).toHaveLength(2);
    expect(server.sent('PUT', ACCOUNT_PATH)).toHaveLength(0);
    await user.type(number, '{Enter}');
    await waitFor(() => expect(server.sent('PUT', ACCOUNT_PATH)).toHaveLength(1));
    expect(server.sent('PUT', ACCOUNT_PATH)[0]!.body).toEqual({
      recipientType: 'ghipss',
      bankCode: 'GCB',
      accountNumber: '12345678901',
    });
  });

  it('says under the form why Paystack could not name the account, and saves nothing', async () => {
    const { server, user } = openPage({
      routes: {
        'POST /api/payouts/resolve': () => refuse(422, { code: 'unprocessable', message: PAYOUT_MESSAGES.notResolved }),
      },
    });
    await chooseOption(user, 'Bank', 'Ecobank Ghana');
    await user.type(form().getByRole('textbox', { name: 'Account number' }), '0000000000');
    await user.click(form().getByRole('button', { name: 'Check account' }));

    expect(await form().findByRole('alert')).toHaveProperty('textContent', PAYOUT_MESSAGES.notResolved);
    expect(form().getByRole('button', { name: 'Save payout account' }).hasAttribute('disabled')).toBe(true);
    expect(server.sent('PUT', ACCOUNT_PATH)).toHaveLength(0);
  });

  it('checks the fields with the shared schema before asking Paystack', async () => {
    const { server, user } = openPage();
    await user.type(await screen.findByRole('textbox', { name: 'Account number' }), '12');
    await user.click(form().getByRole('button', { name: 'Check account' }));

    await waitFor(() =>
      expect(descriptionOf(form().getByRole('textbox', { name: 'Account number' }))).toContain(PAYOUT_MESSAGES.accountNumber),
    );
    expect(descriptionOf(form().getByRole('combobox', { name: 'Bank' }))).toContain(PAYOUT_MESSAGES.bankCode);
    expect(server.sent('POST', '/api/payouts/resolve')).toHaveLength(0);
  });

  it('shows the saved account, and changes it to mobile money', async () => {
    const { server, user } = openPage({ account: SAVED });
    const saved = within(await screen.findByLabelText('Saved payout account'));
    expect(saved.getByText('GCB Bank')).toBeTruthy();
    expect(saved.getByText('•••• 7890')).toBeTruthy();
    expect(saved.getByText('KWAME MENSAH')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change payout account' }));
    await user.click(form().getByRole('radio', { name: 'Mobile money' }));
    await chooseOption(user, 'Mobile money provider', 'MTN Mobile Money');
    expect(server.sent('GET', '/api/payouts/banks').map((request) => request.query.toString())).toContain(
      'recipientType=mobile_money&country=Ghana',
    );
    await user.type(form().getByRole('textbox', { name: 'Mobile money number' }), '0241234567');
    await user.click(form().getByRole('button', { name: 'Check account' }));
    await screen.findByText('Paystack says this account belongs to:');
    await user.click(form().getByRole('button', { name: 'Save payout account' }));

    await waitFor(() => expect(screen.getByLabelText('Saved payout account').textContent).toContain('MTN Mobile Money'));
    expect(server.sent('PUT', ACCOUNT_PATH)[0]!.body).toEqual({
      recipientType: 'mobile_money',
      bankCode: 'MTN',
      accountNumber: '0241234567',
    });
  });

  it('goes back to the saved account on Cancel', async () => {
    const { user } = openPage({ account: SAVED });
    await user.click(await screen.findByRole('button', { name: 'Change payout account' }));
    await user.click(form().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Payout account' })).toBeNull();
    expect(screen.getByLabelText('Saved payout account')).toBeTruthy();
  });

  it('offers a Nigerian restaurant bank accounts only', async () => {
    const { server } = openPage({ restaurant: mine({ country: 'Nigeria', currencySymbol: '₦' }) });
    expect(await screen.findByText('Paid to:')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Paid to' })).toBeNull();
    expect(form().getByRole('combobox', { name: 'Bank' })).toBeTruthy();
    await waitFor(() =>
      expect(server.sent('GET', '/api/payouts/banks').map((request) => request.query.toString())).toEqual([
        'recipientType=nuban',
      ]),
    );
  });

  it('says where payouts are not available', async () => {
    const { server } = openPage({ restaurant: mine({ country: 'USA', currencySymbol: '$' }) });
    expect(await screen.findByText('Payouts are not available in USA yet')).toBeTruthy();
    expect(screen.getByText(T.unsupported)).toBeTruthy();
    expect(server.sent('GET', ACCOUNT_PATH)).toHaveLength(0);
  });

  it('tells a manager that the owner sets it, and asks the server nothing', async () => {
    const { server } = openPage({ role: 'manager' });
    expect(await screen.findByText(T.ownerOnly)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Payout account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Sales' }).getAttribute('href')).toBe('/restaurant/manager');
    expect(server.requests).toHaveLength(0);
  });

  it('shows placeholders while loading, and a way to try again when the account fails to load', async () => {
    let fail = true;
    const { user } = openPage({
      routes: {
        'GET /api/restaurants/:id/payout-account': () =>
          fail ? refuse(500, { code: 'internal', message: 'down' }) : reply(payoutAccountViewSchema, SAVED),
      },
    });
    expect(screen.getByRole('status', { name: 'Loading your restaurant' })).toBeTruthy();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getAllByText(T.loadFailed).length).toBeGreaterThan(0);
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Saved payout account')).toBeTruthy();
  });

  it('asks an owner without a restaurant to set one up', async () => {
    openPage({ restaurant: null });
    expect(await screen.findByRole('link', { name: 'Set Up Restaurant' })).toBeTruthy();
  });
});
