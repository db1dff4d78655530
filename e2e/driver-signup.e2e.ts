import { newAccount } from './support/accounts.js';
import { fillSignUp, signUpForm, submitSignUp } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { serverSideUser } from './support/session.js';
import { expect, test } from './support/test.js';

test.describe('driver journey', () => {
  test('signs up as a driver on a phone with vehicle details and every document, and lands on /driver', async ({
    phone: page,
    origin,
  }) => {
    const files = await imageFiles();
    const account = newAccount('driver');

    await page.goto('/auth');
    await fillSignUp(page, account, 'driver');
    const form = signUpForm(page);
    await form.getByLabel('Profile Picture', { exact: true }).setInputFiles(files.profilePicture);
    await form.getByRole('combobox', { name: 'Vehicle Type' }).click();
    await page.getByRole('option', { name: 'Bike' }).click();
    await form.getByLabel('Vehicle Year', { exact: true }).fill('2021');
    await form.getByLabel('Vehicle Model', { exact: true }).fill('Honda CG 125');
    await form.getByLabel('Plate Number', { exact: true }).fill('GR-1234-24');
    await form.getByLabel("Driver's Licence", { exact: true }).setInputFiles(files.driversLicense);
    await form.getByLabel('National ID', { exact: true }).setInputFiles(files.nationalId);
    await form.getByLabel('Vehicle Image', { exact: true }).setInputFiles(files.vehicleImage);
    await expectPhoneReady(page);
    await submitSignUp(page);

    await expect(page).toHavePath('/driver', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
    await expectPhoneReady(page);

    const user = await serverSideUser(page, origin);
    expect(user).toMatchObject({ email: account.email, role: 'driver', profile: { fullName: account.fullName } });
    const avatar = await fetch(new URL(user.profile.avatarUrl ?? '', origin));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toMatch(/^image\//);
  });
});
