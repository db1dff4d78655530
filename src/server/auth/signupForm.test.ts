import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { AppError } from '../http/errors.js';
import { validateSignup } from './signupForm.js';

const account = { fullName: 'Kofi Boateng', phone: '0241234567', email: 'kofi@example.com', password: 'kente-cloth-7' };
const vehicle = { vehicleType: 'car', vehicleYear: '2015', vehicleModel: 'Toyota Vitz', plateNumber: 'GT 4421-15' };
const image = Buffer.from('image bytes');
const allFiles = { avatar: image, driversLicense: image, nationalId: image, vehicleImage: image };

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('validateSignup', () => {
  it('defaults the role to customer and keeps no driver data', () => {
    const form = validateSignup({ ...account, ...vehicle }, allFiles);
    expect(form.account.role).toBe('customer');
    expect(form.vehicle).toBeNull();
    expect(Object.keys(form.files)).toEqual(['avatar']);
  });

  it('coerces the driver’s vehicle year and keeps all four files', () => {
    const form = validateSignup({ ...account, role: 'driver', ...vehicle }, allFiles);
    expect(form.vehicle).toEqual({
      vehicleType: 'car',
      vehicleYear: 2015,
      vehicleModel: 'Toyota Vitz',
      plateNumber: 'GT 4421-15',
    });
    expect(Object.keys(form.files).sort()).toEqual(['avatar', 'driversLicense', 'nationalId', 'vehicleImage']);
  });

  it('checks the account fields before the files', () => {
    const error = rejection(() => validateSignup({ ...account, password: '123', role: 'driver' }, {}));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Password must be at least 6 characters');
    expect(error.fields).toEqual({ password: 'Password must be at least 6 characters' });
  });

  it('asks for the profile picture before the vehicle, and the vehicle before the documents', () => {
    expect(rejection(() => validateSignup({ ...account, role: 'driver' }, {})).message).toBe(MESSAGES.profilePictureRequired);
    expect(rejection(() => validateSignup({ ...account, role: 'driver' }, { avatar: image })).message).toBe(
      MESSAGES.vehicleRequired,
    );
    expect(rejection(() => validateSignup({ ...account, role: 'driver', ...vehicle }, { avatar: image })).message).toBe(
      MESSAGES.documentsRequired,
    );
  });

  it('names every missing document in the fields', () => {
    const error = rejection(() =>
      validateSignup({ ...account, role: 'driver', ...vehicle }, { avatar: image, nationalId: image }),
    );
    expect(error.fields).toEqual({
      driversLicense: MESSAGES.documentsRequired,
      vehicleImage: MESSAGES.documentsRequired,
    });
  });
});
