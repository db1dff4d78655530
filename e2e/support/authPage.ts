import type { Page } from 'playwright-core';
import { SIGNUP_ROLE_LABELS, type SignupRole } from '@shared/auth/roles.js';
import type { Account } from './accounts.js';

/** Signs in through the Sign In tab of /auth (the page must already show it). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the Sign Up tab of /auth, fills in who the person is and picks their role. */
export async function fillSignUp(page: Page, account: Account, role: SignupRole): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = signUpForm(page);
  await form.getByLabel('Full Name').fill(account.fullName);
  await form.getByLabel('Phone').fill(account.phone);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('radio', { name: SIGNUP_ROLE_LABELS[role] }).check();
}

export const signUpForm = (page: Page) => page.getByRole('tabpanel', { name: 'Sign Up' });

export async function submitSignUp(page: Page): Promise<void> {
  await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
}
