import { describe, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

describe('restaurant owner journey', () => {
  const t = useE2E();

  it('sends a signed-out visitor of /restaurant to /auth, refuses a wrong password, and returns to /restaurant after signing in', async () => {
    const page = await t.newPage(PHONE);
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });

    await page.goto('/restaurant');
    await expectPath(page, '/auth');
    await expectVisible(signInForm(page));
    await expectPhoneReady(page);

    await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
    await expectVisible(signInForm(page).getByText('Password is required', { exact: true }));
    await expectPhoneReady(page);

    await signIn(page, owner.email, `${owner.password}-wrong`);
    await expectVisible(page.getByText(MESSAGES.invalidCredentials).first());
    await expectPath(page, '/auth');
    await expectPhoneReady(page);

    await signIn(page, owner.email, owner.password);
    await expectPath(page, '/restaurant');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectVisible(page.getByRole('heading', { name: 'No restaurant found', level: 1 }));
    await expectHidden(signInForm(page));
    await expectPhoneReady(page);
  });
});
