import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NO_PAYOUT_ACCOUNT,
  payoutAccountInputSchema,
  payoutAccountViewSchema,
  payoutBankListSchema,
  payoutResolvedSchema,
  type PayoutAccountView,
} from '@shared/payouts/schemas.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import DriverPayoutAccountPage from './DriverPayoutAccountPage.js';
import { PAYOUT_ACCOUNT_TEXTS as T } from './payoutTexts.js';

const ACCOUNT_PATH = '/api/drivers/me/payout-account';

/** The providers and banks of each kind of account, and of each country for mobile money. */
function banksFor(query: URLSearchParams) {
  const type = query.get('recipientType');
  if (type === 'mobile_money') {
    return query.get('country') === 'Kenya' ? [{ code: 'MPESA', name: 'M-PESA' }] : [{ code: 'MTN', name: 'MTN Mobile Money' }];
  }
  if (type === 'kepss') return [{ code: '01', name: 'KCB Bank' }];
  if (type === 'nuban') return [{ code: '058', name: 'Guaranty Trust Bank' }];
  return [{ code: 'GCB', name: 'GCB Bank' }];
}

function openPage(account: PayoutAccountView = NO_PAYOUT_ACCOUNT, phone = '') {
  const server = fakeServer({
    'GET /api/drivers/me/payout-account': () => reply(payoutAccountViewSchema, account),
    'GET /api/payouts/banks': (request) => reply(payoutBankListSchema, { banks: banksFor(request.query) }),
    'POST /api/payouts/resolve': () => reply(payoutResolvedSchema, { accountName: 'WANJIKU KAMAU' }),
    'PUT /api/drivers/me/payout-account': (request) => {
      const body = payoutAccountInputSchema.parse(request.body);
      return reply(payoutAccountViewSchema, {
        recipientType: body.recipientType,
        bankCode: body.bankCode,
        bankName: 'M-PESA',
        accountNumberLast4: body.accountNumber.slice(-4),
        accountName: 'WANJIKU KAMAU',
        currency: 'KES',
        updatedAt: '2026-11-27T09:00:00.000Z',
      });
    },
  });
  const view = renderPage(<DriverPayoutAccountPage />, { path: '/driver/payout-account', session: sessionFor('driver', phone) });
  return { server, ...view };
}

const form = () => within(screen.getByRole('form', { name: 'Payout account' }));
const radios = (group: string) =>
  within(form().getByRole('radiogroup', { name: group }))
    .getAllByRole('radio')
    .map((radio) => radio.textContent);

describe("a rider's payout account", () => {
  it('sits among the driver pages, marked as the current one', async () => {
    openPage();
    await screen.findByRole('form', { name: 'Payout account' });
    const nav = within(screen.getByRole('navigation', { name: 'Driver' }));
    expect(nav.getByRole('link', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Earnings' }).getAttribute('href')).toBe('/driver/earnings');
  });

  it('picks the country first: Ghana and Kenya have bank accounts and mobile money, Nigeria bank accounts', async () => {
    const { user } = openPage();
    await screen.findByRole('form', { name: 'Payout account' });
    expect(radios('Country')).toEqual(['Ghana', 'Kenya', 'Nigeria']);
    expect(form().getByRole('radio', { name: 'Ghana' }).getAttribute('aria-checked')).toBe('true');
    expect(radios('Paid to')).toEqual(['Bank account', 'Mobile money']);

    await user.click(form().getByRole('radio', { name: 'Nigeria' }));
    expect(form().queryByRole('radiogroup', { name: 'Paid to' })).toBeNull();
    expect(form().getByText('Paid to:').parentElement?.textContent).toBe('Paid to: Bank account');
  });

  it("saves a Kenyan M-PESA number, asking for Kenya's providers", async () => {
    const { server, user } = openPage(NO_PAYOUT_ACCOUNT, '+254 712 345678');
    await screen.findByRole('form', { name: 'Payout account' });
    // The phone's country is where the form starts.
    expect(form().getByRole('radio', { name: 'Kenya' }).getAttribute('aria-checked')).toBe('true');
    await user.click(form().getByRole('radio', { name: 'Mobile money' }));
    const provider = form().getByRole('combobox', { name: 'Mobile money provider' });
    await waitFor(() => expect(provider.hasAttribute('disabled')).toBe(false));
    await user.click(provider);
    await user.click(await screen.findByRole('option', { name: 'M-PESA' }));
    await user.type(form().getByRole('textbox', { name: 'Mobile money number' }), '0712 345 678');
    await user.click(form().getByRole('button', { name: 'Check account' }));
    expect((await screen.findByText('Paystack says this account belongs to:')).textContent).toContain('WANJIKU KAMAU');
    await user.click(form().getByRole('button', { name: 'Save payout account' }));

    expect(await screen.findByText(T.saved)).toBeTruthy();
    expect(server.sent('GET', '/api/payouts/banks').map((request) => request.query.toString())).toContain(
      'recipientType=mobile_money&country=Kenya',
    );
    expect(server.sent('PUT', ACCOUNT_PATH).map((request) => request.body)).toEqual([
      { recipientType: 'mobile_money', bankCode: 'MPESA', accountNumber: '0712345678' },
    ]);
    const saved = within(await screen.findByLabelText('Saved payout account'));
    expect(saved.getByText('•••• 5678')).toBeTruthy();
    expect(saved.getByText('WANJIKU KAMAU')).toBeTruthy();
  });

  it("opens Change on the saved account's country and kind", async () => {
    const { user } = openPage({
      recipientType: 'kepss',
      bankCode: '01',
      bankName: 'KCB Bank',
      accountNumberLast4: '4321',
      accountName: 'WANJIKU KAMAU',
      currency: 'KES',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    await user.click(await screen.findByRole('button', { name: 'Change payout account' }));
    expect(form().getByRole('radio', { name: 'Kenya' }).getAttribute('aria-checked')).toBe('true');
    expect(form().getByRole('radio', { name: 'Bank account' }).getAttribute('aria-checked')).toBe('true');
  });
});
