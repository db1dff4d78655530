import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_MESSAGES,
  payEveryoneResultSchema,
  payoutBalancesSchema,
  payoutCreateSchema,
  payoutDuePageSchema,
  payoutOtpSchema,
  payoutPageSchema,
  payoutViewSchema,
  type PayoutDue,
  type PayoutView,
} from '@shared/payouts/schemas.js';
import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { topics } from '@shared/realtime/events.js';
import { doubleTap } from '@/test/doubleTap.js';
import { fakeServer, gate, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import { PAYOUTS_TEXTS as T } from './payoutTexts.js';
import PayoutsPage from './PayoutsPage.js';

const RESTAURANT_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const RIDER_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';
const OTHER_RIDER_ID = '9b2e6c1a-7d4f-4e8a-b5c3-2f1d0e9a8b7c';
const NAIRA_RESTAURANT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const PAYOUT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OPEN_PAYOUT_ID = '16fd2706-8baf-433b-82eb-8c7fada847da';

const due = (fields: Partial<PayoutDue> & Pick<PayoutDue, 'payeeId' | 'name'>): PayoutDue => ({
  payee: 'restaurant',
  currencySymbol: 'GH₵',
  owed: 450_000,
  hasAccount: true,
  openPayout: null,
  ...fields,
});

const muni = due({ payeeId: RESTAURANT_ID, name: 'Auntie Muni Waakye' });
const kofi = due({ payee: 'rider', payeeId: RIDER_ID, name: 'Kofi Mensah', owed: 21_950 });
const ama = due({ payee: 'rider', payeeId: OTHER_RIDER_ID, name: 'Ama Owusu', owed: 5_000, hasAccount: false });
const iya = due({
  payeeId: NAIRA_RESTAURANT_ID,
  name: 'Iya Basira',
  currencySymbol: '₦',
  owed: 1_200_000,
  openPayout: { id: OPEN_PAYOUT_ID, status: 'pending' },
});

const payout = (fields: Partial<PayoutView> = {}): PayoutView => ({
  id: PAYOUT_ID,
  reference: 'po_3f2504e0_1',
  payee: 'restaurant',
  payeeId: RESTAURANT_ID,
  name: 'Auntie Muni Waakye',
  currencySymbol: 'GH₵',
  amount: 450_000,
  status: 'success',
  failureReason: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:05:00.000Z',
  ...fields,
});

const RECENT: PayoutView[] = [
  payout({
    id: OPEN_PAYOUT_ID,
    reference: 'po_iya_1',
    name: 'Iya Basira',
    currencySymbol: '₦',
    amount: 1_200_000,
    status: 'otp',
  }),
  payout({
    id: '2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d',
    reference: 'po_kofi_1',
    payee: 'rider',
    name: 'Kofi Mensah',
    status: 'failed',
    failureReason: 'Account name mismatch',
  }),
  payout({ id: '6ba7b810-9dad-41d1-80b4-00c04fd430c8', reference: 'po_kofi_2', status: 'reversed' }),
  payout({ id: '6ba7b811-9dad-41d1-80b4-00c04fd430c8', reference: 'po_muni_2', status: 'queued' }),
  payout({ id: '6ba7b812-9dad-41d1-80b4-00c04fd430c8', reference: 'po_muni_3', status: 'pending' }),
  payout({ id: '6ba7b814-9dad-41d1-80b4-00c04fd430c8', reference: 'po_muni_1', status: 'success' }),
];

/** The page's reads, answered as the server does; the due list in two pages unless searched. */
const READS: Routes = {
  'GET /api/admin/payouts/balance': () =>
    reply(payoutBalancesSchema, {
      balances: [
        { currency: 'GHS', balance: 1_250_000 },
        { currency: 'NGN', balance: 5_000_000 },
      ],
    }),
  'GET /api/admin/payouts/due': (request) => {
    const q = request.query.get('q');
    const everyone = [muni, kofi, ama, iya];
    if (q) return reply(payoutDuePageSchema, { items: everyone.filter((item) => item.name.includes(q)), nextCursor: null });
    return request.query.get('cursor') === 'page-2'
      ? reply(payoutDuePageSchema, { items: [ama, iya], nextCursor: null })
      : reply(payoutDuePageSchema, { items: [muni, kofi], nextCursor: 'page-2' });
  },
  'GET /api/admin/payouts': (request) => {
    const status = request.query.get('status');
    return reply(payoutPageSchema, {
      items: status ? RECENT.filter((item) => item.status === status) : RECENT,
      nextCursor: null,
    });
  },
};

function openPage(routes: Routes = {}) {
  const server = fakeServer({ ...READS, ...routes });
  const view = renderPage(<PayoutsPage />, { path: '/admin/payouts', session: sessionFor('admin') });
  return { server, ...view };
}

const dueTable = () => within(screen.getByRole('table', { name: 'Who is owed' }));
const rowOf = (name: string) =>
  within(
    dueTable()
      .getByRole('rowheader', { name: new RegExp(name) })
      .closest('tr')!,
  );
const recent = () => within(screen.getByRole('region', { name: 'Recent payouts' }));

/** A route Paystack's refusal answers the first time (422 with `message`), and `answer` after. */
function refusedOnce(message: string, answer: Routes[string]): Routes[string] {
  let refused = false;
  return (request) => {
    if (refused) return answer(request);
    refused = true;
    return refuse(422, { code: 'unprocessable', message });
  };
}

describe('the admin Payouts page', () => {
  it('shows a payout Paystack settles as it happens: an event on the payouts topic reads the page again', async () => {
    let status: PayoutStatus = 'pending';
    const realtime = fakeSocket();
    const server = fakeServer({
      ...READS,
      'GET /api/admin/payouts': () => reply(payoutPageSchema, { items: [payout({ status })], nextCursor: null }),
    });
    renderPage(<PayoutsPage />, { path: '/admin/payouts', session: sessionFor('admin'), realtime });
    const card = within(await recent().findByRole('article', { name: 'GH₵4,500.00 to Auntie Muni Waakye' }));
    expect(card.getByText('Pending')).toBeTruthy();
    await waitFor(() => expect(realtime.listening(topics.payouts())).toBe(true));

    status = 'success';
    realtime.raise({ topic: topics.payouts(), type: 'payout.moved', payoutId: PAYOUT_ID, status });
    // A second later, once for a burst of events (useSettledRefetch).
    expect(await card.findByText('Paid', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.sent('GET', '/api/admin/payouts')).toHaveLength(2);
  });

  it("shows Paystack's balance, who is owed, and the payouts with their statuses", async () => {
    const { user } = openPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading who is owed' })).toBeTruthy();
    const balance = within(await screen.findByRole('region', { name: 'Paystack balance' }));
    expect(await balance.findByText('GH₵12,500.00')).toBeTruthy();
    expect(balance.getByText('₦50,000.00')).toBeTruthy();

    await screen.findByRole('table', { name: 'Who is owed' });
    expect(
      dueTable()
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Auntie Muni WaakyeRestaurantGH₵4,500.00Yes—NonePay out', 'Kofi MensahRiderGH₵219.50Yes—NonePay out']);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(dueTable().getAllByRole('row')).toHaveLength(5));
    expect(rowOf('Ama Owusu').getByText('No')).toBeTruthy();
    expect(rowOf('Iya Basira').getByText('Pending')).toBeTruthy();

    const cards = within(recent().getByRole('list'));
    expect(cards.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      '₦12,000.00 to Iya Basira',
      'GH₵4,500.00 to Kofi Mensah',
      'GH₵4,500.00 to Auntie Muni Waakye',
      'GH₵4,500.00 to Auntie Muni Waakye',
      'GH₵4,500.00 to Auntie Muni Waakye',
      'GH₵4,500.00 to Auntie Muni Waakye',
    ]);
    for (const label of ['Waiting for OTP', 'Failed', 'Reversed', 'Queued', 'Pending', 'Paid']) {
      expect(recent().getByText(label)).toBeTruthy();
    }
    expect(recent().getByText('Account name mismatch')).toBeTruthy();
    // Only the payout Paystack holds for an OTP offers one.
    expect(recent().getAllByRole('button', { name: /Enter OTP/ })).toHaveLength(1);
  });

  it('pays one payee out after a confirmation naming the amount and the payee, once however often it is clicked', async () => {
    const answer = gate();
    const { server, user } = openPage({
      'POST /api/admin/payouts': async (request) => {
        payoutCreateSchema.parse(request.body);
        await answer.passed;
        return reply(payoutViewSchema, payout({ status: 'queued' }), 201);
      },
    });
    await screen.findByRole('table', { name: 'Who is owed' });
    const dueReads = server.sent('GET', '/api/admin/payouts/due').length;

    const payOut = rowOf('Auntie Muni Waakye').getByRole('button', { name: 'Pay out GH₵4,500.00 to Auntie Muni Waakye' });
    await user.click(payOut);
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Pay GH₵4,500.00 to Auntie Muni Waakye?' })).toBeTruthy();
    expect(
      dialog.getByText(/Paystack sends GH₵4,500.00 to the payout account of Auntie Muni Waakye \(restaurant\)/),
    ).toBeTruthy();
    doubleTap(dialog.getByRole('button', { name: 'Pay out GH₵4,500.00' }));

    await waitFor(() => expect(payOut.getAttribute('aria-busy')).toBe('true'));
    expect(payOut.hasAttribute('disabled')).toBe(true);
    await user.click(payOut);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    answer.open();

    expect(await screen.findByText('Payout started')).toBeTruthy();
    expect(server.sent('POST', '/api/admin/payouts').map((request) => request.body)).toEqual([
      { payee: 'restaurant', payeeId: RESTAURANT_ID, currencySymbol: 'GH₵' },
    ]);
    // Who is owed, the balance and the payouts are asked again.
    await waitFor(() => expect(server.sent('GET', '/api/admin/payouts/due').length).toBeGreaterThan(dueReads));
  });

  it('keeps Pay out off for a payee without a payout account and for one with a payout under way', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(dueTable().getAllByRole('row')).toHaveLength(5));
    expect(
      rowOf('Ama Owusu')
        .getByRole('button', { name: /Pay out/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      rowOf('Iya Basira')
        .getByRole('button', { name: /Pay out/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      rowOf('Kofi Mensah')
        .getByRole('button', { name: /Pay out/ })
        .hasAttribute('disabled'),
    ).toBe(false);
  });

  it("says the server's refusal of a payout", async () => {
    const { user } = openPage({
      'POST /api/admin/payouts': () =>
        refuse(422, { code: 'unprocessable', message: PAYOUT_MESSAGES.balanceShort('GH₵12.00', 'GH₵4,500.00') }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay out GH₵4,500.00 to Auntie Muni Waakye' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay out GH₵4,500.00' }));
    expect(await screen.findByText(PAYOUT_MESSAGES.balanceShort('GH₵12.00', 'GH₵4,500.00'))).toBeTruthy();
  });

  it('pays everyone due in a currency after a confirmation with the total of every page', async () => {
    const { server, user } = openPage({
      'POST /api/admin/payouts/everyone': () => reply(payEveryoneResultSchema, { created: 2, skipped: 1, totalAmount: 471_950 }),
    });
    await screen.findByRole('table', { name: 'Who is owed' });
    expect(screen.getByRole('button', { name: 'Pay everyone due in ₦' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Pay everyone due in GH₵' }));

    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Pay everyone due in GH₵?' })).toBeTruthy();
    // Muni and Kofi (page 1) are paid; Ama (page 2) has no payout account; Iya is owed naira.
    expect(
      dialog.getByText(
        'Paystack sends GH₵4,719.50 in total to 2 payees with a payout account. 1 payee owed in GH₵ without a payout account or with a payout under way will be skipped.',
      ),
    ).toBeTruthy();
    expect(server.sent('GET', '/api/admin/payouts/due').some((request) => request.query.get('cursor') === 'page-2')).toBe(true);

    doubleTap(dialog.getByRole('button', { name: 'Pay GH₵4,719.50' }));
    expect(await screen.findByText('2 payouts started')).toBeTruthy();
    expect(screen.getByText('GH₵4,719.50 in total; 1 payee skipped')).toBeTruthy();
    expect(server.sent('POST', '/api/admin/payouts/everyone').map((request) => request.body)).toEqual([
      { currencySymbol: 'GH₵' },
    ]);
  });

  it('says when nobody in a currency can be paid, and sends nothing', async () => {
    const { server, user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Pay everyone due in ₦' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByRole('heading', { name: 'Nobody to pay in ₦' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(server.sent('POST', '/api/admin/payouts/everyone')).toHaveLength(0);
  });

  it('asks Paystack for a new OTP from the OTP dialog, and says so; or what Paystack answered', async () => {
    const { server, user } = openPage({
      'POST /api/admin/payouts/:id/otp/resend': refusedOnce(
        PAYOUT_MESSAGES.otpResendRefused('Too many requests for OTP'),
        (request) => reply(payoutViewSchema, payout({ id: request.params.id, status: 'otp' })),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Enter OTP for ₦12,000.00 to Iya Basira' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter OTP' }));

    await user.click(dialog.getByRole('button', { name: 'Send a new OTP' }));
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      PAYOUT_MESSAGES.otpResendRefused('Too many requests for OTP'),
    );
    await user.click(dialog.getByRole('button', { name: 'Send a new OTP' }));
    expect(await screen.findByText('New OTP sent')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Enter OTP' })).toBeTruthy();
    expect(server.sent('POST', `/api/admin/payouts/${OPEN_PAYOUT_ID}/otp/resend`)).toHaveLength(2);
  });

  it('sends the OTP Paystack asked for, refusing what is not one', async () => {
    const { server, user } = openPage({
      'POST /api/admin/payouts/:id/otp': refusedOnce(PAYOUT_MESSAGES.otpRefused('Invalid OTP'), (request) => {
        payoutOtpSchema.parse(request.body);
        return reply(payoutViewSchema, payout({ id: request.params.id, status: 'pending' }));
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Enter OTP for ₦12,000.00 to Iya Basira' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter OTP' }));
    expect(dialog.getByText(/release ₦12,000.00 to Iya Basira \(reference po_iya_1\)/)).toBeTruthy();
    const otp = dialog.getByRole('textbox', { name: 'OTP' });

    await user.type(otp, '12');
    await user.click(dialog.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(descriptionOf(otp)).toContain(PAYOUT_MESSAGES.otp));
    expect(server.sent('POST', `/api/admin/payouts/${OPEN_PAYOUT_ID}/otp`)).toHaveLength(0);

    await user.clear(otp);
    await user.type(otp, '123456{Enter}');
    expect(await dialog.findByRole('alert')).toHaveProperty('textContent', PAYOUT_MESSAGES.otpRefused('Invalid OTP'));

    await user.click(dialog.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP accepted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter OTP' })).toBeNull());
    expect(server.sent('POST', `/api/admin/payouts/${OPEN_PAYOUT_ID}/otp`).map((request) => request.body)).toEqual([
      { otp: '123456' },
      { otp: '123456' },
    ]);
  });

  it('searches who is owed on the server and filters the payouts by status', async () => {
    const { server, user } = openPage();
    await screen.findByRole('table', { name: 'Who is owed' });
    await user.type(screen.getByRole('searchbox', { name: 'Search payees' }), 'Kofi');
    await waitFor(() =>
      expect(
        dueTable()
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual(['Kofi MensahRiderGH₵219.50Yes—NonePay out']),
    );
    expect(server.requests.some((request) => request.query.get('q') === 'Kofi')).toBe(true);

    await user.clear(screen.getByRole('searchbox', { name: 'Search payees' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search payees' }), 'nobody');
    expect(await screen.findByText(T.noneFound)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(recent().getAllByRole('article')).toHaveLength(1));
    expect(server.sent('GET', '/api/admin/payouts').some((request) => request.query.get('status') === 'failed')).toBe(true);
  });

  it('says when nobody is owed anything and no payout was made', async () => {
    openPage({
      'GET /api/admin/payouts/due': () => reply(payoutDuePageSchema, { items: [], nextCursor: null }),
      'GET /api/admin/payouts': () => reply(payoutPageSchema, { items: [], nextCursor: null }),
      'GET /api/admin/payouts/balance': () => reply(payoutBalancesSchema, { balances: [] }),
    });
    expect(await screen.findByText(T.nobodyOwed)).toBeTruthy();
    expect(await screen.findByText(T.noPayouts)).toBeTruthy();
    expect(await screen.findByText(`${T.noBalance}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay everyone due/ })).toBeNull();
  });

  it('says when the lists and the balance fail to load, and loads them on Try again', async () => {
    let fail = true;
    const down = () => refuse(500, { code: 'internal', message: 'Something went wrong' });
    const { user } = openPage({
      'GET /api/admin/payouts/due': (request) => (fail ? down() : READS['GET /api/admin/payouts/due']!(request)),
      'GET /api/admin/payouts/balance': (request) => (fail ? down() : READS['GET /api/admin/payouts/balance']!(request)),
    });
    const balance = within(await screen.findByRole('region', { name: 'Paystack balance' }));
    expect(await balance.findByText(`${T.balanceFailed}.`)).toBeTruthy();
    const owed = within(screen.getByRole('region', { name: 'Who is owed' }));
    expect(await owed.findByText(T.dueFailed)).toBeTruthy();

    fail = false;
    await user.click(owed.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Who is owed' })).toBeTruthy();
    await user.click(balance.getByRole('button', { name: 'Try again' }));
    expect(await balance.findByText('GH₵12,500.00')).toBeTruthy();
  });

  it('says payouts need Paystack keys on a server without them, rather than offering to try again', async () => {
    openPage({
      'GET /api/admin/payouts/balance': () => refuse(422, { code: 'unprocessable', message: PAYOUT_MESSAGES.payoutsOff }),
    });
    const balance = within(await screen.findByRole('region', { name: 'Paystack balance' }));
    expect(await balance.findByText(`${PAYOUT_MESSAGES.payoutsOff}.`)).toBeTruthy();
    expect(balance.queryByText(`${T.balanceFailed}.`)).toBeNull();
    expect(balance.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
