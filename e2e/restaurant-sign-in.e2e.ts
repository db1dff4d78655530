import { describe, it } from 'vitest';
import { createAccount } from './support/accounts.js';
import { signIn, signInForm } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { useE2E } from './support/harness.js';

describe('restaurant owner journey', () => {
  const t = useE2E();

  it('sends a signed-out visitor of /restaurant to /auth and back to /restaurant after signing in', async () => {
    const { page } = t;
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });

    await page.goto('/restaurant');
    await expectPath(page, '/auth');
    await signIn(page, owner.email, owner.password);

    await expectPath(page, '/restaurant');
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }));
    await expectHidden(signInForm(page));
  });
});
