import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CASH_MESSAGES as M, cashHandInPageSchema, type CashHandInPage, type CashHandInView } from '@shared/drivers/cash.js';
import { earningsSchema, type Earnings } from '@shared/drivers/earnings.js';
import { fakeServer, gate, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import EarningsPage from './EarningsPage.js';

const EARNINGS: Earnings = {
  day: '2026-11-27',
  weekStart: '2026-11-23',
  totals: [{ currencySymbol: 'GH₵', today: 0, todayDeliveries: 0, week: 0, weekDeliveries: 0, owed: 940, cashHeld: 52_000 }],
  deliveries: { items: [], nextCursor: null },
};

const handIn = (id: string, fields: Partial<CashHandInView> = {}): CashHandInView => ({
  id: `${id}-4f89-41d3-9a0c-0305e82c3301`,
  riderId: '7d1b6a52-4c3e-4f0a-9b1d-2e3f4a5b6c7d',
  currencySymbol: 'GH₵',
  amount: 20_000,
  reference: 'RCPT-0042',
  receivedBy: 'Abena, Osu office',
  recordedByName: 'Abena Support',
  createdAt: '2026-11-26T16:00:00.000Z',
  ...fields,
});

const OVER: CashHandInPage = {
  items: [handIn('3f2504e0'), handIn('a1b2c3d4', { amount: 5000, reference: 'RCPT-0041' })],
  nextCursor: null,
  cash: [{ currencySymbol: 'GH₵', held: 52_000, limit: 50_000, overLimit: true }],
};

function openEarnings(cash: Routes['GET /api/drivers/me/cash-hand-ins']) {
  const server = fakeServer({
    'GET /api/drivers/me/earnings': () => reply(earningsSchema, EARNINGS),
    'GET /api/drivers/me/cash-hand-ins': cash,
  });
  return { server, ...renderPage(<EarningsPage />, { path: '/driver/earnings', session: sessionFor('driver') }) };
}

const cashSection = () => within(screen.getByRole('region', { name: 'Cash' }));

describe("the rider's cash on the Earnings page", () => {
  it('over the limit: says so at the top, with what they hold and the limit, then lists the cash and the hand-ins', async () => {
    openEarnings(() => reply(cashHandInPageSchema, OVER));

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('You are over the cash limit: hand in cash to take cash orders again.');
    expect(banner.textContent).toContain(M.overLimitDetail);
    expect(banner.textContent).toContain('You hold GH₵520.00; the limit is GH₵500.00.');

    const held = within(cashSection().getByRole('list', { name: 'Cash you hold' }));
    expect(held.getByRole('listitem').textContent).toContain('GH₵520.00');
    expect(held.getByRole('listitem').textContent).toContain('Limit GH₵500.00 · over the limit');

    const items = within(cashSection().getByRole('list', { name: 'Cash handed in' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Handed in GH₵200.00');
    expect(items[0]!.textContent).toContain('Ref. RCPT-0042 · received by Abena, Osu office');
    expect(items[1]!.textContent).toContain('GH₵50.00');
  });

  it('under the limit or without one: no banner; a rider who never held cash sees no cash section at all', async () => {
    const under: CashHandInPage = {
      ...OVER,
      cash: [
        { currencySymbol: 'GH₵', held: 0, limit: 50_000, overLimit: false },
        { currencySymbol: '₦', held: 120_000, limit: null, overLimit: false },
      ],
    };
    const { unmount } = openEarnings(() => reply(cashHandInPageSchema, under));
    const held = await screen.findByRole('list', { name: 'Cash you hold' });
    expect(
      within(held)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['GH₵0.00Limit GH₵500.00', '₦1,200.00No cash limit']);
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    openEarnings(() => reply(cashHandInPageSchema, { items: [], nextCursor: null, cash: [] }));
    await screen.findByLabelText('Your earnings');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading your cash hand-ins' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Cash' })).toBeNull();
  });

  it('pages the hand-ins with Show more hand-ins', async () => {
    const { server, user } = openEarnings((request) =>
      request.query.get('cursor') === 'next'
        ? reply(cashHandInPageSchema, { ...OVER, items: [handIn('0badcafe', { reference: 'RCPT-0001' })], nextCursor: null })
        : reply(cashHandInPageSchema, { ...OVER, items: [handIn('3f2504e0')], nextCursor: 'next' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Show more hand-ins' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Cash handed in' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(screen.getByText(/RCPT-0001/)).toBeTruthy();
    expect(server.sent('GET', '/api/drivers/me/cash-hand-ins').map((request) => request.query.get('cursor'))).toEqual([
      null,
      'next',
    ]);
  });

  it('shows loading while the server answers, a failure with Try again, and nothing handed in yet', async () => {
    const answer = gate();
    let fail = true;
    const { user } = openEarnings(async () => {
      await answer.passed;
      return fail
        ? refuse(500, { code: 'internal', message: 'down' })
        : reply(cashHandInPageSchema, { items: [], nextCursor: null, cash: OVER.cash });
    });
    expect(await screen.findByRole('status', { name: 'Loading your cash hand-ins' })).toBeTruthy();
    answer.open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.empty)).toBeTruthy();
    // Over the limit once it loaded.
    expect((await screen.findByRole('alert')).textContent).toContain(M.overLimitBanner);
  });
});
