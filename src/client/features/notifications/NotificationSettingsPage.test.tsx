import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  notificationSettingsSchema,
  type NotificationSetting,
} from '@shared/notifications/settings.js';
import { fakeServer, gate, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import NotificationSettingsPage from './NotificationSettingsPage.js';

const PATH = '/settings/notifications';
const API = '/api/notifications/settings';

/** A customer's messages as the server lists them, with SMS about a picked-up order already off. */
const customerSettings = (): NotificationSetting[] => [
  { kind: 'order-confirmed', channel: 'sms', enabled: true },
  { kind: 'order-confirmed', channel: 'email', enabled: true },
  { kind: 'order-ready', channel: 'email', enabled: true },
  { kind: 'order-picked-up', channel: 'sms', enabled: false },
  { kind: 'order-picked-up', channel: 'email', enabled: true },
  { kind: 'order-delivered', channel: 'sms', enabled: true },
  { kind: 'order-delivered', channel: 'email', enabled: true },
  { kind: 'order-cancelled', channel: 'sms', enabled: true },
  { kind: 'order-cancelled', channel: 'email', enabled: true },
];

/** The server's settings store: GET lists them, PUT changes the ones named and answers the whole list. */
function settingsServer(items = customerSettings()) {
  return fakeServer({
    [`GET ${API}`]: () => reply(notificationSettingsSchema, { items }),
    [`PUT ${API}`]: ({ body }) => {
      const { items: changes } = notificationSettingsSchema.parse(body);
      items = items.map((item) => changes.find((change) => change.kind === item.kind && change.channel === item.channel) ?? item);
      return reply(notificationSettingsSchema, { items });
    },
  });
}

const isOn = (control: HTMLElement) => control.getAttribute('aria-checked') === 'true';

describe('the Notifications settings page', () => {
  it("lists a customer's messages, one row each, with a switch per channel on or off as the server says", async () => {
    settingsServer();
    renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('customer') });

    const list = within(await screen.findByRole('list', { name: 'Messages' }));
    expect(list.getAllByRole('listitem')).toHaveLength(5);
    expect(list.getAllByRole('switch')).toHaveLength(9);
    expect(isOn(list.getByRole('switch', { name: 'SMS: The kitchen accepted my order' }))).toBe(true);
    expect(isOn(list.getByRole('switch', { name: 'Email: The kitchen accepted my order' }))).toBe(true);
    expect(isOn(list.getByRole('switch', { name: 'SMS: A rider picked up my order' }))).toBe(false);
    // A message that goes by email only has no SMS switch.
    expect(list.getByRole('switch', { name: 'Email: My order is ready for a rider' })).toBeTruthy();
    expect(list.queryByRole('switch', { name: 'SMS: My order is ready for a rider' })).toBeNull();
  });

  it('saves a switch turned off at once, sending only that message, and says so', async () => {
    const server = settingsServer();
    const { user } = renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('customer') });

    const delivered = await screen.findByRole('switch', { name: 'SMS: My order was delivered' });
    await user.click(delivered);

    expect(isOn(delivered)).toBe(false);
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.saved)).toBeTruthy();
    expect(server.sent('PUT', API).map((request) => request.body)).toEqual([
      { items: [{ kind: 'order-delivered', channel: 'sms', enabled: false }] },
    ]);
    expect(isOn(delivered)).toBe(false);
  });

  it('turns the switch off at once, then back on with the error when the save fails', async () => {
    const answer = gate();
    const server = fakeServer({
      [`GET ${API}`]: () => reply(notificationSettingsSchema, { items: customerSettings() }),
      [`PUT ${API}`]: async () => {
        await answer.passed;
        return refuse(500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
      },
    });
    const { user } = renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('customer') });

    const cancelled = await screen.findByRole('switch', { name: 'Email: My order was cancelled' });
    cancelled.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(server.sent('PUT', API)).toHaveLength(1));
    expect(isOn(cancelled)).toBe(false);

    answer.open();
    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.saveFailed)).toBeTruthy();
    await waitFor(() => expect(isOn(cancelled)).toBe(true));
  });

  it("shows the server's refusal of a message the account does not receive", async () => {
    fakeServer({
      [`GET ${API}`]: () => reply(notificationSettingsSchema, { items: customerSettings() }),
      [`PUT ${API}`]: () => refuse(400, { code: 'bad_request', message: NOTIFICATION_SETTINGS_MESSAGES.notYours }),
    });
    const { user } = renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('customer') });

    const picked = await screen.findByRole('switch', { name: 'SMS: A rider picked up my order' });
    await user.click(picked);

    expect(await screen.findByText(NOTIFICATION_SETTINGS_MESSAGES.notYours)).toBeTruthy();
    await waitFor(() => expect(isOn(picked)).toBe(false));
  });

  it('tells a driver there is nothing to choose', async () => {
    settingsServer([]);
    renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('driver') });

    expect(await screen.findByText('No messages to choose')).toBeTruthy();
    expect(screen.getByText('Your account is not sent SMS or email about orders.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('says when the settings could not load, and loads them on Try again', async () => {
    let failing = true;
    fakeServer({
      [`GET ${API}`]: () =>
        failing
          ? refuse(503, { code: 'internal', message: 'Something went wrong on our side. Please try again.' })
          : reply(notificationSettingsSchema, { items: customerSettings() }),
    });
    const { user } = renderPage(<NotificationSettingsPage />, { path: PATH, session: sessionFor('customer') });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(NOTIFICATION_SETTINGS_MESSAGES.loadFailed)).toBeTruthy();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeTruthy();
  });
});
