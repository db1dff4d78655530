import type { Page } from '@playwright/test';
import { SIGNUP_ROLE_LABELS, type SignupRole } from '@shared/auth/roles.js';
import type { Account } from './accounts.js';

export const signInForm = (page: Page) => page.getByRole('tabpanel', { name: 'Sign In' });
export const signUpForm = (page: Page) => page.getByRole('tabpanel', { name: 'Sign Up' });

/** Signs in through the Sign In tab of /auth (the page must already show the tabs). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = signInForm(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the Sign Up tab of /auth, fills in who the person is and picks their role. */
export async function fillSignUp(page: Page, account: Account, role: SignupRole): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = signUpForm(page);
  await form.getByLabel('Full Name', { exact: true }).fill(account.fullName);
  await form.getByLabel('Phone Number', { exact: true }).fill(account.phone);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('radio', { name: SIGNUP_ROLE_LABELS[role] }).check();
}

export async function submitSignUp(page: Page): Promise<void> {
  await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
}
