import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_MESSAGES,
  ledgerBalancePageSchema,
  ledgerCheckSchema,
  type LedgerBalance,
  type LedgerCheck,
} from '@shared/ledger/books.js';
import { fakeServer, gate, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import LedgerPage from './LedgerPage.js';

const RESTAURANT_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const RIDER_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';
const BROKEN_ID = '9b2e6c1a-7d4f-4e8a-b5c3-2f1d0e9a8b7c';

const balance = (account: LedgerBalance['account'], ownerId: string | null, name: string, amount: number): LedgerBalance => ({
  account,
  ownerId,
  name,
  currencySymbol: 'GH₵',
  balance: amount,
  entries: 4,
});

const firstPage = [
  balance('rider_cash', RIDER_ID, 'Kofi Mensah', 650_000),
  balance('restaurant', RESTAURANT_ID, 'Auntie Muni Waakye', -450_000),
];
const secondPage = [balance('commission', null, 'Commission', -130_000)];

const balancesRoute = () => ({
  'GET /api/admin/ledger/balances': (request: { query: URLSearchParams }) => {
    const q = request.query.get('q') ?? '';
    if (q) {
      const found = [...firstPage, ...secondPage].filter((item) => item.name.toLowerCase().includes(q.toLowerCase()));
      return reply(ledgerBalancePageSchema, { items: found, nextCursor: null });
    }
    return request.query.get('cursor') === 'page-2'
      ? reply(ledgerBalancePageSchema, { items: secondPage, nextCursor: null })
      : reply(ledgerBalancePageSchema, { items: firstPage, nextCursor: 'page-2' });
  },
});

const balanced: LedgerCheck = { balanced: true, transactions: 1204, entries: 5930, unbalanced: [] };

describe('the admin Ledger page', () => {
  it('runs the check and says the ledger balances, with its transactions and entries', async () => {
    const answer = gate();
    const server = fakeServer({
      ...balancesRoute(),
      'GET /api/admin/ledger/check': async () => {
        await answer.passed;
        return reply(ledgerCheckSchema, balanced);
      },
    });
    const { user } = renderPage(<LedgerPage />, { session: sessionFor('admin') });

    expect(screen.getByRole('heading', { level: 1, name: 'Ledger' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Ledger check' });
    // Nothing is checked until asked: the check reads the whole ledger.
    expect(server.sent('GET', '/api/admin/ledger/check')).toHaveLength(0);
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    answer.open();
    expect(await screen.findByText('The ledger balances: 1,204 transactions, 5,930 entries.')).toBeTruthy();
    expect(server.sent('GET', '/api/admin/ledger/check')).toHaveLength(1);
  });

  it('lists the transactions that do not balance', async () => {
    fakeServer({
      ...balancesRoute(),
      'GET /api/admin/ledger/check': () =>
        reply(ledgerCheckSchema, {
          balanced: false,
          transactions: 1,
          entries: 2,
          unbalanced: [{ transactionId: BROKEN_ID, currencySymbol: 'GH₵', sum: 1050 }],
        }),
    });
    const { user } = renderPage(<LedgerPage />, { session: sessionFor('admin') });
    await user.click(screen.getByRole('button', { name: 'Ledger check' }));
    expect(await screen.findByText(/The ledger does not balance \(1 transaction, 2 entries\)/)).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Unbalanced transactions' }));
    expect(list.getByText(BROKEN_ID)).toBeTruthy();
    expect(list.getByText('off by GH₵10.50')).toBeTruthy();
  });

  it('says so when the check fails', async () => {
    fakeServer({
      ...balancesRoute(),
      'GET /api/admin/ledger/check': () => refuse(500, { code: 'internal', message: 'Something went wrong' }),
    });
    const { user } = renderPage(<LedgerPage />, { session: sessionFor('admin') });
    await user.click(screen.getByRole('button', { name: 'Ledger check' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', LEDGER_MESSAGES.checkFailed);
  });

  it('shows the balances, owed and earned as positive amounts, a page at a time, and searches them on the server', async () => {
    const server = fakeServer(balancesRoute());
    const { user } = renderPage(<LedgerPage />, { session: sessionFor('admin') });

    expect(screen.getByRole('status', { name: 'Loading balances' })).toBeTruthy();
    const table = within(await screen.findByRole('table', { name: 'Balances' }));
    const rows = () => table.getAllByRole('row').slice(1);
    expect(rows().map((row) => row.textContent)).toEqual([
      'Kofi MensahCash with ridersGH₵6,500.00held4',
      'Auntie Muni WaakyeRestaurant payoutsGH₵4,500.00owed4',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]!.textContent).toBe('CommissionPlatform accountGH₵1,300.00earned4');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search balances' }), 'waakye');
    await waitFor(() => expect(server.requests.some((request) => request.query.get('q') === 'waakye')).toBe(true));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Balances' }))
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.textContent),
      ).toEqual(['Auntie Muni WaakyeRestaurant payoutsGH₵4,500.00owed4']),
    );

    await user.clear(screen.getByRole('searchbox', { name: 'Search balances' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search balances' }), 'nobody');
    expect(await screen.findByText(LEDGER_MESSAGES.empty)).toBeTruthy();
  });

  it('says when nothing has been posted yet, and when the balances fail to load', async () => {
    fakeServer({ 'GET /api/admin/ledger/balances': () => reply(ledgerBalancePageSchema, { items: [], nextCursor: null }) });
    const empty = renderPage(<LedgerPage />, { session: sessionFor('admin') });
    expect(await screen.findByText(LEDGER_MESSAGES.noEntries)).toBeTruthy();
    empty.unmount();

    fakeServer({ 'GET /api/admin/ledger/balances': () => refuse(500, { code: 'internal', message: 'Something went wrong' }) });
    renderPage(<LedgerPage />, { session: sessionFor('admin') });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByText(LEDGER_MESSAGES.loadFailed).length).toBeGreaterThan(0);
  });
});
