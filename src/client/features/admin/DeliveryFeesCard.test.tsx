import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { restaurantApprovalSchema } from '@shared/admin/approval.js';
import { commissionSettingsSchema } from '@shared/admin/commission.js';
import {
  DELIVERY_SETTINGS_MESSAGES as M,
  deliverySettingsSchema,
  deliverySettingsViewSchema,
  type DeliverySettingsView,
} from '@shared/admin/delivery.js';
import { batchingSettingsSchema } from '@shared/drivers/batching.js';
import { fakeServer, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import SettingsPage from './SettingsPage.js';

const STORED: DeliverySettingsView = {
  roadFactorPercent: 130,
  deliverySharePercent: 20,
  currencies: [
    { currencySymbol: '₦', baseFee: 80_000, perKmFee: 15_000, includedMeters: 3000, maxMeters: 15_000, cashLimit: null },
    { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000, cashLimit: 50_000 },
  ],
};

/** The rest of the Settings page, answered as the server does. */
const OTHER_SETTINGS: Routes = {
  'GET /api/admin/commission': () =>
    reply(commissionSettingsSchema, { percent: 10, updatedAt: '2026-11-20T10:00:00.000Z', recentChanges: [] }),
  'GET /api/admin/approval': () => reply(restaurantApprovalSchema, { restaurantsNeedApproval: false }),
  'GET /api/admin/batching': () => reply(batchingSettingsSchema, { maxCarriedOrders: 2 }),
};

function openSettings(routes: Routes) {
  const server = fakeServer({ ...OTHER_SETTINGS, ...routes });
  const view = renderPage(<SettingsPage />, { session: sessionFor('admin') });
  return { server, ...view };
}

const card = () => within(screen.getByRole('form', { name: 'Delivery fees' }));
const row = (name: string) => within(card().getByRole('group', { name: `Delivery fees in ${name}` }));
const field = (scope: ReturnType<typeof within>, name: string) => scope.getByRole('textbox', { name }) as HTMLInputElement;

describe("admin Settings' delivery fees", () => {
  it("shows the stored settings as the admin reads them, and explains how fees, commission and the riders' pay work", async () => {
    openSettings({ 'GET /api/admin/delivery-settings': () => reply(deliverySettingsViewSchema, STORED) });

    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Road factor' })).value).toBe('1.3');
    expect(field(card(), "Platform's share of delivery fees (%)").value).toBe('20');
    const cedi = row('GH₵ GHS');
    expect(cedi.getByRole('combobox', { name: 'Currency' }).textContent).toContain('GH₵ GHS');
    expect(field(cedi, 'Base fee (GH₵)').value).toBe('8.00');
    expect(field(cedi, 'Per-km fee (GH₵)').value).toBe('1.50');
    expect(field(cedi, 'Included distance (km)').value).toBe('3');
    expect(field(cedi, 'Maximum distance (km)').value).toBe('15');
    expect(field(cedi, 'Cash limit (GH₵)').value).toBe('500.00');
    expect(descriptionOf(field(cedi, 'Cash limit (GH₵)'))).toContain('Empty: no limit.');
    expect(field(row('₦ NGN'), 'Base fee (₦)').value).toBe('800.00');
    expect(field(row('₦ NGN'), 'Cash limit (₦)').value).toBe('');

    expect(screen.getByText(/from the food subtotal only: not from the delivery fee or the tip/)).toBeTruthy();
    expect(screen.getByText(/plus the per-km fee for each started km beyond it/)).toBeTruthy();
    expect(
      screen.getByText(/straight line between the restaurant's pin and the delivery pin, times the road factor/),
    ).toBeTruthy();
    expect(screen.getByText(/Beyond the maximum distance the restaurant does not deliver/)).toBeTruthy();
    expect(screen.getByText('A currency without a row delivers free')).toBeTruthy();
    expect(screen.getByText(/Riders earn the delivery fee less the platform's share, plus the whole tip/)).toBeTruthy();
    expect(
      screen.getByText(
        'A rider holding more cash than the limit is offered card-paid orders only until cash they hand in is recorded.',
      ),
    ).toBeTruthy();
  });

  it('saves a changed factor and share, a removed currency and an added one in one PUT, and says so', async () => {
    const { server, user } = openSettings({
      'GET /api/admin/delivery-settings': () => reply(deliverySettingsViewSchema, STORED),
      'PUT /api/admin/delivery-settings': (request) => {
        const body = deliverySettingsSchema.parse(request.body);
        return reply(deliverySettingsViewSchema, { ...body, currencies: [...body.currencies].reverse() });
      },
    });
    const roadFactor = await screen.findByRole('textbox', { name: 'Road factor' });
    await user.clear(roadFactor);
    await user.type(roadFactor, '1.45');
    const share = field(card(), "Platform's share of delivery fees (%)");
    await user.clear(share);
    await user.type(share, '12.5');

    await user.click(card().getByRole('button', { name: 'Remove the delivery fees in ₦ NGN' }));
    expect(card().queryByRole('group', { name: 'Delivery fees in ₦ NGN' })).toBeNull();
    // Focus goes somewhere sensible rather than to the page's start.
    expect(document.activeElement).toBe(card().getByRole('button', { name: 'Add currency' }));

    await user.click(card().getByRole('button', { name: 'Add currency' }));
    const added = row('new currency 2');
    await user.click(added.getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'KSh KES' }));
    const shilling = row('KSh KES');
    await user.type(field(shilling, 'Base fee (KSh)'), '100');
    await user.type(field(shilling, 'Per-km fee (KSh)'), '15.5');
    await user.type(field(shilling, 'Included distance (km)'), '2.5');
    await user.type(field(shilling, 'Maximum distance (km)'), '12');
    await user.type(field(shilling, 'Cash limit (KSh)'), '5000');
    // The cedi's limit is cleared: no limit.
    await user.clear(field(row('GH₵ GHS'), 'Cash limit (GH₵)'));

    await user.click(card().getByRole('button', { name: 'Save delivery fees' }));

    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(server.sent('PUT', '/api/admin/delivery-settings').map((request) => request.body)).toEqual([
      {
        roadFactorPercent: 145,
        deliverySharePercent: 12.5,
        currencies: [
          { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000, cashLimit: null },
          { currencySymbol: 'KSh', baseFee: 10_000, perKmFee: 1550, includedMeters: 2500, maxMeters: 12_000, cashLimit: 500_000 },
        ],
      },
    ]);
    // The form shows what the server saved.
    await waitFor(() => expect(field(card(), 'Road factor').value).toBe('1.45'));
    expect(field(row('KSh KES'), 'Base fee (KSh)').value).toBe('100.00');
    expect(field(row('KSh KES'), 'Cash limit (KSh)').value).toBe('5000.00');
  });

  it('refuses what the shared schema refuses, under each field, before anything is sent', async () => {
    const { server, user } = openSettings({
      'GET /api/admin/delivery-settings': () => reply(deliverySettingsViewSchema, STORED),
    });
    const roadFactor = await screen.findByRole('textbox', { name: 'Road factor' });
    await user.clear(roadFactor);
    await user.type(roadFactor, '3.5');
    const cedi = row('GH₵ GHS');
    await user.clear(field(cedi, 'Base fee (GH₵)'));
    await user.type(field(cedi, 'Base fee (GH₵)'), '-2');
    await user.clear(field(cedi, 'Included distance (km)'));
    await user.type(field(cedi, 'Included distance (km)'), '20');
    await user.clear(field(cedi, 'Cash limit (GH₵)'));
    await user.type(field(cedi, 'Cash limit (GH₵)'), '-5');
    await user.click(card().getByRole('button', { name: 'Add currency' }));

    await user.click(card().getByRole('button', { name: 'Save delivery fees' }));

    await waitFor(() => expect(descriptionOf(field(card(), 'Road factor'))).toContain(M.roadFactorRange));
    expect(descriptionOf(field(cedi, 'Base fee (GH₵)'))).toContain(M.feeNegative);
    expect(descriptionOf(field(cedi, 'Included distance (km)'))).toContain(M.includedAboveMax);
    expect(descriptionOf(field(cedi, 'Cash limit (GH₵)'))).toContain(M.cashLimitNegative);
    const added = row('new currency 3');
    expect(descriptionOf(added.getByRole('combobox', { name: 'Currency' }))).toContain(M.currencyRequired);
    expect(descriptionOf(field(added, 'Base fee'))).toContain(M.feeEmpty);
    expect(field(card(), 'Road factor').getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('PUT', '/api/admin/delivery-settings')).toEqual([]);
  });

  it("shows the server's refusal under the field it names, in the form's terms", async () => {
    const { user } = openSettings({
      'GET /api/admin/delivery-settings': () => reply(deliverySettingsViewSchema, STORED),
      'PUT /api/admin/delivery-settings': () =>
        refuse(400, { code: 'bad_request', message: M.maxRange, fields: { 'currencies.1.maxMeters': M.maxRange } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save delivery fees' }));
    await waitFor(() => expect(descriptionOf(field(row('GH₵ GHS'), 'Maximum distance (km)'))).toContain(M.maxRange));
  });

  it('says when the settings could not load, and loads them on Try again', async () => {
    let fail = true;
    const { user } = openSettings({
      'GET /api/admin/delivery-settings': () =>
        fail
          ? refuse(500, { code: 'internal', message: 'down' })
          : reply(deliverySettingsViewSchema, { ...STORED, currencies: [] }),
    });
    const alert = await screen.findByText(`${M.loadFailed}.`);
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No currency has delivery fees: every order delivers free.')).toBeTruthy();
    expect(field(card(), 'Road factor').value).toBe('1.3');
  });
});
