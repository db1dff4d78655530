import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EARNINGS_MESSAGES, earningsSchema, type DeliveryEarning, type Earnings } from '@shared/drivers/earnings.js';
import { cashHandInPageSchema } from '@shared/drivers/cash.js';
import { topics } from '@shared/realtime/events.js';
import { fakeServer, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { fakeSocket } from '@/test/realtime.js';
import { renderPage, sessionFor } from '@/test/render.js';
import EarningsPage from './EarningsPage.js';

const PAYOUT_ID = '9b2f6c1d-3e4a-4b5c-8d6e-7f8a9b0c1d2e';

const delivery = (id: string, fields: Partial<DeliveryEarning> = {}): DeliveryEarning => ({
  orderId: `${id}-4f89-41d3-9a0c-0305e82c3301`,
  shortId: id,
  restaurantName: 'Chop House Osu',
  currencySymbol: 'GH₵',
  deliveredAt: '2026-11-27T10:00:00.000Z',
  feePart: 640,
  tip: 300,
  earning: 940,
  ...fields,
});

const earnings = (fields: Partial<Earnings> = {}): Earnings => ({
  day: '2026-11-27',
  weekStart: '2026-11-23',
  totals: [
    { currencySymbol: 'GH₵', today: 940, todayDeliveries: 1, week: 1340, weekDeliveries: 2, owed: 219050, cashHeld: 9100 },
  ],
  deliveries: {
    items: [delivery('3f2504e0'), delivery('a1b2c3d4', { restaurantName: 'Waakye Joint', feePart: 400, tip: 0, earning: 400 })],
    nextCursor: null,
  },
  ...fields,
});

/** The rider's cash (CashHandIns.test.tsx tests it): none held, none handed in. */
const NO_CASH: Routes = {
  'GET /api/drivers/me/cash-hand-ins': () => reply(cashHandInPageSchema, { items: [], nextCursor: null, cash: [] }),
};

const page = () => renderPage(<EarningsPage />, { path: '/driver/earnings', session: sessionFor('driver') });

describe('the driver Earnings page', () => {
  it("shows what is owed fall to nothing as a payout is made: an event on the rider's topic reads the earnings and the cash handed in again", async () => {
    let owed = 219050;
    const realtime = fakeSocket();
    const server = fakeServer({
      ...NO_CASH,
      'GET /api/drivers/me/earnings': () => {
        const shown = earnings();
        return reply(earningsSchema, { ...shown, totals: shown.totals.map((totals) => ({ ...totals, owed })) });
      },
    });
    const driver = sessionFor('driver');
    renderPage(<EarningsPage />, { path: '/driver/earnings', session: driver, realtime });
    const owedToYou = () => within(screen.getByLabelText('Your earnings')).getByText('Owed to you').closest('div')?.textContent;
    await screen.findByLabelText('Your earnings');
    expect(owedToYou()).toContain('GH₵2,190.50');
    await waitFor(() => expect(realtime.listening(topics.driver(driver.user.id))).toBe(true));

    owed = 0;
    realtime.raise({ topic: topics.driver(driver.user.id), type: 'payout.moved', payoutId: PAYOUT_ID, status: 'queued' });
    await waitFor(() => expect(owedToYou()).toContain('GH₵0.00'), { timeout: 3000 });
    expect(server.sent('GET', '/api/drivers/me/earnings')).toHaveLength(2);
    // The cash handed in is read again with them: a hand-in raises its event on the same topic.
    await waitFor(() => expect(server.sent('GET', '/api/drivers/me/cash-hand-ins').length).toBeGreaterThan(1));
  });

  it('shows today, this week, what is owed and the cash held, then the deliveries with their fee part, tip and earning', async () => {
    fakeServer({ ...NO_CASH, 'GET /api/drivers/me/earnings': () => reply(earningsSchema, earnings()) });
    page();

    const totals = within(await screen.findByLabelText('Your earnings'));
    expect(totals.getByText('Today').closest('div')?.textContent).toContain('GH₵9.40');
    expect(totals.getByText('1 delivery')).toBeTruthy();
    expect(totals.getByText('This week').closest('div')?.textContent).toContain('GH₵13.40');
    expect(totals.getByText('2 deliveries')).toBeTruthy();
    expect(totals.getByText('Owed to you').closest('div')?.textContent).toContain('GH₵2,190.50');
    expect(totals.getByText('Cash you hold').closest('div')?.textContent).toContain('GH₵91.00');

    const list = within(screen.getByRole('list', { name: 'Deliveries' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Chop House Osu');
    expect(items[0]!.textContent).toContain('#3f2504e0');
    expect(items[0]!.textContent).toContain('Your part of the fee GH₵6.40 · Tip GH₵3.00');
    expect(items[0]!.textContent).toContain('Earned GH₵9.40');
    expect(items[1]!.textContent).toContain('Your part of the fee GH₵4.00 · Tip GH₵0.00');
    // The driver's pages, this one marked as the current page.
    const nav = within(screen.getByRole('navigation', { name: 'Driver' }));
    expect(nav.getByRole('link', { name: 'Earnings' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Statement' }).getAttribute('href')).toBe('/driver/statement');
  });

  it('pages the deliveries with Show more', async () => {
    const server = fakeServer({
      ...NO_CASH,
      'GET /api/drivers/me/earnings': (request) =>
        request.query.get('cursor') === 'next-page'
          ? reply(earningsSchema, earnings({ deliveries: { items: [delivery('0badcafe')], nextCursor: null } }))
          : reply(earningsSchema, earnings({ deliveries: { items: [delivery('3f2504e0')], nextCursor: 'next-page' } })),
    });
    const { user } = page();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(screen.getByText(/#0badcafe/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.sent('GET', '/api/drivers/me/earnings').map((request) => request.query.get('cursor'))).toEqual([
      null,
      'next-page',
    ]);
  });

  it('says there are no deliveries yet to a new rider', async () => {
    fakeServer({
      ...NO_CASH,
      'GET /api/drivers/me/earnings': () =>
        reply(earningsSchema, earnings({ totals: [], deliveries: { items: [], nextCursor: null } })),
    });
    page();
    expect(await screen.findByText(EARNINGS_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText(EARNINGS_MESSAGES.emptyDetail)).toBeTruthy();
    expect(screen.queryByLabelText('Your earnings')).toBeNull();
  });

  it('shows the failure with a way to try again', async () => {
    let fail = true;
    fakeServer({
      ...NO_CASH,
      'GET /api/drivers/me/earnings': () =>
        fail ? refuse(500, { code: 'internal', message: 'Something went wrong' }) : reply(earningsSchema, earnings()),
    });
    const { user } = page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(EARNINGS_MESSAGES.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Your earnings')).toBeTruthy();
  });

  it('labels each currency when the rider earned in several', async () => {
    const naira = { currencySymbol: '₦', today: 0, todayDeliveries: 0, week: 80000, weekDeliveries: 1, owed: 80000, cashHeld: 0 };
    fakeServer({
      ...NO_CASH,
      'GET /api/drivers/me/earnings': () => reply(earningsSchema, earnings({ totals: [...earnings().totals, naira] })),
    });
    page();
    expect(await screen.findByLabelText('Your earnings in GH₵')).toBeTruthy();
    // This week's and what is owed.
    expect(within(screen.getByLabelText('Your earnings in ₦')).getAllByText('₦800.00')).toHaveLength(2);
  });
});
