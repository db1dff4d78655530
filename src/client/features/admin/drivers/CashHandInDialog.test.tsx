import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminDriverPageSchema, type AdminDriverView } from '@shared/admin/drivers.js';
import {
  CASH_MESSAGES as M,
  cashHandInPageSchema,
  cashHandInSchema,
  cashHandInViewSchema,
  type CashHandInView,
} from '@shared/drivers/cash.js';
import { fakeServer, refuse, reply, type Routes } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import DriversPage from '../DriversPage.js';

const KOFI_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ESI_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

const driver = (fields: Partial<AdminDriverView>): AdminDriverView => ({
  userId: KOFI_ID,
  fullName: 'Kofi Cash',
  phone: '+233 24 000 0001',
  avatarUrl: null,
  isVerified: true,
  isAvailable: true,
  vehicleType: 'bike',
  vehicleModel: 'Honda Ace',
  vehicleYear: 2021,
  plateNumber: 'GR 2041-21',
  latitude: null,
  longitude: null,
  lastLocationUpdate: null,
  documents: { driversLicense: '/x', nationalId: '/y', vehicleImage: '/z' },
  cash: [],
  createdAt: '2026-11-01T08:00:00.000Z',
  ...fields,
});

const KOFI = driver({
  cash: [
    { currencySymbol: 'GH₵', held: 52_000, limit: 50_000, overLimit: true },
    { currencySymbol: '₦', held: 0, limit: null, overLimit: false },
  ],
});
const ESI = driver({ userId: ESI_ID, fullName: 'Esi Nocash' });

const recorded: CashHandInView = {
  id: 'b2c3d4e5-f6a7-4890-9bcd-ef0123456789',
  riderId: KOFI_ID,
  currencySymbol: 'GH₵',
  amount: 10_000,
  reference: 'RCPT-0001',
  receivedBy: 'Abena, Osu office',
  recordedByName: 'Abena Support',
  createdAt: '2026-11-20T16:00:00.000Z',
};

function openDrivers(routes: Routes = {}) {
  const server = fakeServer({
    'GET /api/admin/drivers': () => reply(adminDriverPageSchema, { items: [KOFI, ESI], nextCursor: null }),
    'GET /api/admin/drivers/:id/cash-hand-ins': () =>
      reply(cashHandInPageSchema, { items: [recorded], nextCursor: null, cash: KOFI.cash }),
    ...routes,
  });
  return { server, ...renderPage(<DriversPage />, { session: sessionFor('admin') }) };
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));
const dialog = () => within(screen.getByRole('dialog', { name: 'Record cash handed in' }));
const field = (name: string) => dialog().getByRole<HTMLInputElement>('textbox', { name });

describe("Driver Management: riders' cash and recording a hand-in", () => {
  it("shows each driver's cash per currency, over the limit said so, and 'No cash held' for one without", async () => {
    openDrivers();
    const kofi = await card('Kofi Cash');
    const cash = kofi.getByText('Cash held').closest('div')!;
    expect(cash.textContent).toContain('GH₵520.00');
    expect(cash.textContent).toContain('Over the GH₵500.00 limit');
    expect(cash.textContent).toContain('₦0.00');
    expect((await card('Esi Nocash')).getByText('Cash held').closest('div')!.textContent).toContain(M.noCash);
  });

  it('records a hand-in: the form checks the fields, the POST carries minor units, a toast says so and the list refreshes', async () => {
    let stored = KOFI;
    const { server, user } = openDrivers({
      'GET /api/admin/drivers': () => reply(adminDriverPageSchema, { items: [stored, ESI], nextCursor: null }),
      'POST /api/admin/drivers/:id/cash-hand-ins': (request) => {
        const body = cashHandInSchema.parse(request.body);
        stored = { ...KOFI, cash: [{ currencySymbol: 'GH₵', held: 52_000 - body.amount, limit: 50_000, overLimit: false }] };
        return reply(cashHandInViewSchema, { ...recorded, ...body, id: 'c3d4e5f6-a7b8-4901-8cde-f01234567890' }, 201);
      },
    });
    await user.click((await card('Kofi Cash')).getByRole('button', { name: 'Record cash handed in by Kofi Cash' }));
    expect(dialog().getByText('Kofi Cash holds GH₵520.00 in cash.')).toBeTruthy();
    // The hand-ins recorded before.
    const history = within(await dialog().findByRole('list', { name: 'Cash handed in' }));
    expect(history.getByRole('listitem').textContent).toContain('Ref. RCPT-0001 · received by Abena, Osu office');

    // Nothing typed, then more than Kofi holds and a line break: refused before anything is sent.
    await user.click(dialog().getByRole('button', { name: 'Record hand-in' }));
    await waitFor(() => expect(descriptionOf(field('Amount (GH₵)'))).toContain(M.amountNotAmount));
    expect(descriptionOf(field('Reference'))).toContain(M.referenceRequired);
    expect(descriptionOf(field('Received by'))).toContain(M.receivedByRequired);
    await user.type(field('Amount (GH₵)'), '600');
    await user.type(field('Reference'), 'RCPT-0042');
    await user.type(field('Received by'), 'Abena, Osu office');
    await user.click(dialog().getByRole('button', { name: 'Record hand-in' }));
    await waitFor(() => expect(descriptionOf(field('Amount (GH₵)'))).toContain(M.moreThanHeld(60_000, 52_000, 'GH₵')));
    expect(server.sent('POST', `/api/admin/drivers/${KOFI_ID}/cash-hand-ins`)).toEqual([]);

    await user.clear(field('Amount (GH₵)'));
    await user.type(field('Amount (GH₵)'), '200.50');
    await user.click(dialog().getByRole('button', { name: 'Record hand-in' }));

    expect(await screen.findByText(M.recorded)).toBeTruthy();
    expect(screen.getByText('GH₵200.50 from Kofi Cash')).toBeTruthy();
    expect(server.sent('POST', `/api/admin/drivers/${KOFI_ID}/cash-hand-ins`).map((request) => request.body)).toEqual([
      { amount: 20_050, currencySymbol: 'GH₵', reference: 'RCPT-0042', receivedBy: 'Abena, Osu office' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect((await card('Kofi Cash')).getByText('Cash held').closest('div')!.textContent).not.toContain('Over the'),
    );
  });

  it("shows the server's refusal as a toast, and keeps the dialog open", async () => {
    const { user } = openDrivers({
      'POST /api/admin/drivers/:id/cash-hand-ins': () =>
        refuse(409, { code: 'conflict', message: M.referenceTaken('RCPT-0001') }),
    });
    await user.click((await card('Kofi Cash')).getByRole('button', { name: 'Record cash handed in by Kofi Cash' }));
    await user.type(field('Amount (GH₵)'), '100');
    await user.type(field('Reference'), 'RCPT-0001');
    await user.type(field('Received by'), 'Abena');
    await user.click(dialog().getByRole('button', { name: 'Record hand-in' }));
    expect(await screen.findByText(M.referenceTaken('RCPT-0001'))).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Record cash handed in' })).toBeTruthy();
  });

  it('for a driver without cash: no form, the history only, and its failure with Try again', async () => {
    let fail = true;
    const { user } = openDrivers({
      'GET /api/admin/drivers/:id/cash-hand-ins': () =>
        fail
          ? refuse(500, { code: 'internal', message: 'down' })
          : reply(cashHandInPageSchema, { items: [], nextCursor: null, cash: [] }),
    });
    await user.click((await card('Esi Nocash')).getByRole('button', { name: 'Record cash handed in by Esi Nocash' }));
    expect(dialog().getByText('Esi Nocash holds no cash from cash orders.')).toBeTruthy();
    expect(dialog().queryByRole('form')).toBeNull();
    const alert = await dialog().findByRole('alert');
    expect(alert.textContent).toContain(M.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await dialog().findByText(M.empty)).toBeTruthy();
  });
});
