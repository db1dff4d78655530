import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isoDay, monthStart, STATEMENT_MESSAGES, statementSchema, type Statement } from '@shared/ledger/statement.js';
import { managedRestaurantListSchema } from '@shared/orders/sales.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import StatementPage from './StatementPage.js';

const RESTAURANT_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const PAYOUT_ID = '9b2f6c1d-3e4a-4b5c-8d6e-7f8a9b0c1d2e';
const thisMonth = monthStart(isoDay(new Date()));
const nextMonth = monthStart(thisMonth, 1);

const statementFor = (from: string, to: string, fields: Partial<Statement> = {}): Statement => ({
  account: 'restaurant',
  from,
  to,
  currencySymbol: 'GH₵',
  currencies: ['GH₵'],
  openingBalance: 13500,
  closingBalance: 15850,
  entries: [
    {
      id: '41',
      at: `${from}T10:15:00.000Z`,
      kind: 'order_delivered',
      orderId: ORDER_ID,
      shortId: ORDER_ID.slice(0, 8),
      memo: null,
      paidBy: 'Mobile money',
      amount: 2250,
      balance: 15750,
    },
    {
      id: '42',
      at: `${from}T11:00:00.000Z`,
      kind: 'cash_handed_in',
      orderId: null,
      shortId: null,
      memo: 'Correction of a miscounted payout',
      paidBy: null,
      amount: 100,
      balance: 15850,
    },
  ],
  nextCursor: null,
  ...fields,
});

function serve(
  statement: (query: URLSearchParams) => Response = (query) =>
    reply(statementSchema, statementFor(query.get('from')!, query.get('to')!)),
) {
  return fakeServer({
    'GET /api/restaurants/managed': () =>
      reply(managedRestaurantListSchema, [{ id: RESTAURANT_ID, name: 'Chop House Osu', currencySymbol: 'GH₵' }]),
    'GET /api/restaurants/:id/statement': (request) => statement(request.query),
    'GET /api/restaurants/:id/statement.csv': () =>
      new Response('\uFEFFDate,Type,Order,Order ID,Memo,Currency,Amount,Balance\r\n', {
        headers: { 'content-type': 'text/csv' },
      }),
  });
}

const page = (at = '/restaurant/manager/statement') =>
  renderPage(<StatementPage />, { path: '/restaurant/manager/statement', at, session: sessionFor('restaurant') });

describe("a restaurant's Statement page", () => {
  it("shows this month's opening balance, each entry with the balance after it, and the closing balance", async () => {
    const server = serve();
    page();

    const balances = within(await screen.findByLabelText('Balances'));
    expect(balances.getByText('Opening balance').closest('div')?.textContent).toContain('GH₵135.00');
    expect(balances.getByText('Closing balance').closest('div')?.textContent).toContain('GH₵158.50');
    const items = within(screen.getByRole('list', { name: 'Entries' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Order delivered · #3f2504e0');
    expect(items[0]!.textContent).toContain('+GH₵22.50');
    expect(items[0]!.textContent).toContain('· Mobile money');
    expect(items[0]!.textContent).toContain('BalanceGH₵157.50');
    expect(items[1]!.textContent).toContain('Cash handed in');
    expect(items[1]!.textContent).toContain('Correction of a miscounted payout');
    expect(screen.getByText('Chop House Osu')).toBeTruthy();
    expect(screen.getByText(/Positive amounts are owed to the restaurant/)).toBeTruthy();

    const [request] = server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`);
    expect(request?.query.get('from')).toBe(thisMonth);
    expect(request?.query.get('to')).toBe(nextMonth);
  });

  it("shows a payout as it is made: an event on the restaurant's topic reads the statement again", async () => {
    let paidOut = false;
    const realtime = fakeSocket();
    const server = serve((query) => {
      const statement = statementFor(query.get('from')!, query.get('to')!);
      if (!paidOut) return reply(statementSchema, statement);
      const payout = {
        ...statement.entries[0]!,
        id: '43',
        kind: 'payout_sent' as const,
        orderId: null,
        shortId: null,
        paidBy: null,
      };
      return reply(statementSchema, {
        ...statement,
        closingBalance: 0,
        entries: [...statement.entries, { ...payout, amount: -15850, balance: 0 }],
      });
    });
    renderPage(<StatementPage />, { path: '/restaurant/manager/statement', session: sessionFor('restaurant'), realtime });
    const entries = within(await screen.findByRole('list', { name: 'Entries' }));
    await waitFor(() => expect(realtime.listening(topics.restaurant(RESTAURANT_ID))).toBe(true));

    paidOut = true;
    realtime.raise({ topic: topics.restaurant(RESTAURANT_ID), type: 'payout.moved', payoutId: PAYOUT_ID, status: 'queued' });
    // A second later, once for a burst of events (useSettledRefetch).
    expect(await entries.findByText('Payout sent', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`)).toHaveLength(2);
  });

  it('reads the statement again when it is opened again, for what changed while it was closed', async () => {
    const server = serve();
    const { router } = page();
    await screen.findByLabelText('Balances');
    await router.navigate('/restaurant/manager');
    await screen.findByRole('heading', { name: 'Page /restaurant/manager' });
    await router.navigate('/restaurant/manager/statement');
    await screen.findByLabelText('Balances');
    await waitFor(() => expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`)).toHaveLength(2));
  });

  it('steps back a month, and takes typed dates with the last day included', async () => {
    const server = serve();
    const { user } = page();
    await screen.findByLabelText('Balances');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next month' }).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() =>
      expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`).at(-1)?.query.get('from')).toBe(
        monthStart(thisMonth, -1),
      ),
    );
    expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`).at(-1)?.query.get('to')).toBe(thisMonth);

    await user.click(screen.getByRole('radio', { name: 'Custom dates' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2025-04-10');
    await user.clear(to);
    await user.type(to, '2025-04-01');
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText(STATEMENT_MESSAGES.order)).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');

    // A missing first day is said under From, not To.
    await user.clear(from);
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    expect(to.getAttribute('aria-invalid')).toBeNull();
    await user.type(from, '2025-04-10');

    await user.clear(to);
    await user.type(to, '2025-04-20');
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    await waitFor(() =>
      expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`).at(-1)?.query.get('to')).toBe('2025-04-21'),
    );
    expect(server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement`).at(-1)?.query.get('from')).toBe('2025-04-10');
  });

  it('downloads the CSV of the period shown, with the session, under a name that says the period', async () => {
    const server = serve();
    // Spied, not assigned: the set-up's restoreAllMocks puts them back for the next file of this worker.
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
      expect((blob as Blob).type).toBe('text/csv;charset=utf-8');
      return 'blob:statement';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = page();

    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe(
      `/api/restaurants/${RESTAURANT_ID}/statement.csv?from=${thisMonth}&to=${nextMonth}&currency=GH%E2%82%B5`,
    );
    await user.click(link);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked[0]!.download).toMatch(new RegExp(`^statement-chop-house-osu-${thisMonth}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const [request] = server.sent('GET', `/api/restaurants/${RESTAURANT_ID}/statement.csv`);
    expect(request?.query.get('from')).toBe(thisMonth);
  });

  it('says when the period has no entries, and shows a failure with a way to try again', async () => {
    let fail = true;
    serve((query) =>
      fail
        ? refuse(500, { code: 'internal', message: 'Something went wrong' })
        : reply(
            statementSchema,
            statementFor(query.get('from')!, query.get('to')!, { entries: [], openingBalance: 0, closingBalance: 0 }),
          ),
    );
    const { user } = page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STATEMENT_MESSAGES.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(STATEMENT_MESSAGES.empty)).toBeTruthy();
    expect(within(screen.getByLabelText('Balances')).getAllByText('GH₵0.00')).toHaveLength(2);
  });
});
