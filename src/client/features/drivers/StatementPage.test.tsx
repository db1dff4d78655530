import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EARNINGS_MESSAGES } from '@shared/drivers/earnings.js';
import { statementSchema, type Statement } from '@shared/ledger/statement.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import StatementPage from './StatementPage.js';

const empty = (query: URLSearchParams): Statement => ({
  account: 'rider',
  from: query.get('from')!,
  to: query.get('to')!,
  currencySymbol: null,
  currencies: [],
  openingBalance: 0,
  closingBalance: 0,
  entries: [],
  nextCursor: null,
});

const page = () => renderPage(<StatementPage />, { path: '/driver/statement', session: sessionFor('driver') });

describe("the driver's Statement page", () => {
  it("tells a rider without entries that there are no earnings yet (a delivery without a fee or tip earns none), and follows the rider's own topic", async () => {
    fakeServer({ 'GET /api/drivers/me/statement': (request) => reply(statementSchema, empty(request.query)) });
    const realtime = fakeSocket();
    const driver = sessionFor('driver');
    renderPage(<StatementPage />, { path: '/driver/statement', session: driver, realtime });
    expect(await screen.findByText(EARNINGS_MESSAGES.noEarnings)).toBeTruthy();
    await waitFor(() => expect(realtime.listening(topics.driver(driver.user.id))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Driver' }))
        .getByRole('link', { name: 'Statement' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('offers the currencies the rider has entries in, and reads the one chosen', async () => {
    const server = fakeServer({
      'GET /api/drivers/me/statement': (request) =>
        reply(statementSchema, {
          ...empty(request.query),
          currencySymbol: request.query.get('currency') ?? '₦',
          currencies: ['₦', 'GH₵'],
          openingBalance: 80000,
          closingBalance: 80000,
        }),
    });
    const { user } = page();
    expect(within(await screen.findByLabelText('Balances')).getAllByText('₦800.00')).toHaveLength(2);
    expect(screen.getByText(/Positive amounts are owed to you/)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'GH₵' }));
    await waitFor(() => expect(server.sent('GET', '/api/drivers/me/statement').at(-1)?.query.get('currency')).toBe('GH₵'));
    expect(within(await screen.findByLabelText('Balances')).getAllByText('GH₵800.00')).toHaveLength(2);
  });
});
