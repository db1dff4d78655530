import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { fakeServer, refuse } from '@/test/fakeServer.js';
import { descriptionOf, renderPage } from '@/test/render.js';
import AuthPage from './AuthPage.js';

function renderSignUp() {
  return renderPage(<AuthPage />, { path: '/auth', at: '/auth?tab=signup' });
}

/** Fills what every role is asked for, as a person does. */
async function fillAccount(user: ReturnType<typeof renderSignUp>['user']) {
  await user.type(screen.getByLabelText('Full Name'), 'Ama Mensah');
  await user.type(screen.getByLabelText('Phone Number'), '+233 20 000 0000');
  await user.type(screen.getByLabelText('Email'), 'ama@example.com');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'a-long-passphrase');
}

const DRIVER_FIELDS = ['Vehicle Year', 'Vehicle Model', 'Plate Number', "Driver's Licence", 'National ID', 'Vehicle Image'];

/** The fields on screen among the driver's (and the profile picture every non-customer needs). */
const shownFields = () =>
  ['Profile Picture', ...DRIVER_FIELDS].filter((label) => screen.queryByLabelText(label, { exact: true }) !== null);

describe('the sign-up form', () => {
  it("asks for the driver's vehicle and documents only when signing up to deliver", async () => {
    fakeServer({});
    const { user } = renderSignUp();

    expect(screen.getByRole('radio', { name: 'Order food' }).getAttribute('aria-checked')).toBe('true');
    expect(shownFields()).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Vehicle Information' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Deliver orders' }));
    expect(screen.getByRole('group', { name: 'Vehicle Information' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Documents' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Vehicle Type' })).toBeTruthy();
    expect(shownFields()).toEqual(['Profile Picture', ...DRIVER_FIELDS]);

    await user.click(screen.getByRole('radio', { name: 'Manage a restaurant' }));
    expect(shownFields()).toEqual(['Profile Picture']);
    expect(screen.queryByRole('group', { name: 'Vehicle Information' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Order food' }));
    expect(shownFields()).toEqual([]);
  });

  it('shows a password the server refuses under the password, without a toast', async () => {
    const server = fakeServer({
      'POST /api/auth/signup': () =>
        refuse(400, { code: 'bad_request', message: MESSAGES.commonPassword, fields: { password: MESSAGES.commonPassword } }),
    });
    const { user } = renderSignUp();

    await user.type(screen.getByLabelText('Full Name'), 'Ama Mensah');
    await user.type(screen.getByLabelText('Phone Number'), '+233 20 000 0000');
    await user.type(screen.getByLabelText('Email'), 'ama@example.com');
    const password = screen.getByLabelText('Password', { exact: true });
    await user.type(password, 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(descriptionOf(password)).toContain(MESSAGES.commonPassword));
    expect(document.activeElement).toBe(password);
    expect(screen.queryByText('Error')).toBeNull();
    expect(screen.queryAllByText(MESSAGES.commonPassword)).toHaveLength(1);

    const [sent, ...more] = server.sent('POST', '/api/auth/signup');
    expect(more).toHaveLength(0);
    const form = sent?.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      fullName: 'Ama Mensah',
      phone: '+233 20 000 0000',
      email: 'ama@example.com',
      password: 'password1',
      role: 'customer',
    });
    // Still on the form, signed out.
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it('shows a taken email under the email, without a toast', async () => {
    fakeServer({
      'POST /api/auth/signup': () =>
        refuse(409, { code: 'conflict', message: MESSAGES.emailTaken, fields: { email: MESSAGES.emailTaken } }),
    });
    const { user } = renderSignUp();
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(descriptionOf(email)).toContain(MESSAGES.emailTaken));
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('shows a profile picture the server refuses under the picture, without a toast', async () => {
    fakeServer({
      'POST /api/auth/signup': () =>
        refuse(415, {
          code: 'unsupported_media_type',
          message: UPLOAD_MESSAGES.notAnImage,
          fields: { avatar: UPLOAD_MESSAGES.notAnImage },
        }),
    });
    const { user } = renderSignUp();
    await user.click(screen.getByRole('radio', { name: 'Manage a restaurant' }));
    await fillAccount(user);
    const picture = screen.getByLabelText('Profile Picture', { exact: true });
    await user.upload(picture, new File([new Uint8Array(64)], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(descriptionOf(picture)).toContain(UPLOAD_MESSAGES.notAnImage));
    expect(screen.queryByText('Error')).toBeNull();
  });
});
