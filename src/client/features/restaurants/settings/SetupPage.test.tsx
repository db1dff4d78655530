import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@shared/restaurants/hours.js';
import { fakeServer, refuse } from '@/test/fakeServer.js';
import { descriptionOf, renderPage, sessionFor } from '@/test/render.js';
import SetupPage from './SetupPage.js';

function openSetup() {
  fakeServer({ 'GET /api/restaurants/mine': () => refuse(404, { code: 'not_found', message: 'No restaurant found' }) });
  return renderPage(<SetupPage />, { path: '/restaurant/setup', session: sessionFor('restaurant') });
}

async function choose(user: ReturnType<typeof openSetup>['user'], combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("a new restaurant's opening hours", () => {
  it('proposes 10:00 to 22:00 every day', async () => {
    openSetup();
    for (const name of WEEKDAYS) {
      const day = within(await screen.findByRole('group', { name }));
      expect(day.getByLabelText<HTMLInputElement>(`Opens on ${name}`).value).toBe('10:00');
      expect(day.getByLabelText<HTMLInputElement>(`Closes on ${name}`).value).toBe('22:00');
    }
  });

  it("proposes the country's time zone, again when the country changes", async () => {
    const { user } = openSetup();
    const timeZone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(timeZone.textContent).toContain('Choose a time zone');
    expect(descriptionOf(timeZone)).toContain('read in this time zone');

    await choose(user, 'Country', 'Kenya');
    expect(timeZone.textContent).toContain('Kenya: Nairobi');

    await choose(user, 'Country', 'Canada');
    expect(timeZone.textContent).toContain('Canada: Toronto');

    await choose(user, 'Time zone', 'Canada: Vancouver');
    expect(timeZone.textContent).toContain('Canada: Vancouver');
  });
});
