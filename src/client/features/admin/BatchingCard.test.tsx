import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { restaurantApprovalSchema } from '@shared/admin/approval.js';
import { commissionSettingsSchema } from '@shared/admin/commission.js';
import { deliverySettingsViewSchema } from '@shared/admin/delivery.js';
import { BATCHING_MESSAGES, batchingSettingsSchema } from '@shared/drivers/batching.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import SettingsPage from './SettingsPage.js';

function openSettings() {
  const server = fakeServer({
    'GET /api/admin/commission': () =>
      reply(commissionSettingsSchema, { percent: 10, updatedAt: '2026-11-20T10:00:00.000Z', recentChanges: [] }),
    'GET /api/admin/approval': () => reply(restaurantApprovalSchema, { restaurantsNeedApproval: false }),
    'GET /api/admin/delivery-settings': () =>
      reply(deliverySettingsViewSchema, { roadFactorPercent: 130, deliverySharePercent: 20, currencies: [] }),
    'GET /api/admin/batching': () => reply(batchingSettingsSchema, { maxCarriedOrders: 3 }),
    'PUT /api/admin/batching': (request) => reply(batchingSettingsSchema, batchingSettingsSchema.parse(request.body)),
  });
  return { server, ...renderPage(<SettingsPage />, { session: sessionFor('admin') }) };
}

const field = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: BATCHING_MESSAGES.label });

describe("admin Settings' batching", () => {
  it('shows the stored number, refuses one out of 1 to 5 before sending, and saves one in range', async () => {
    const { server, user } = openSettings();
    await screen.findByDisplayValue('3');
    const update = screen.getByRole('button', { name: 'Save limit' });

    await user.clear(field());
    await user.type(field(), '6');
    await user.click(update);
    expect(await screen.findByText(BATCHING_MESSAGES.range)).toBeTruthy();
    expect(server.sent('PUT', '/api/admin/batching')).toEqual([]);

    await user.clear(field());
    await user.type(field(), '1');
    await user.click(update);
    expect(await screen.findByText(BATCHING_MESSAGES.updated)).toBeTruthy();
    expect(server.sent('PUT', '/api/admin/batching').map((request) => request.body)).toEqual([{ maxCarriedOrders: 1 }]);
  });
});
