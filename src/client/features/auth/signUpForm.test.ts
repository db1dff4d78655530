import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { EMPTY_SIGN_UP, signUpFormData, signUpProblems, type SignUpFormValues } from './signUpForm.js';

const photo = (name = 'photo.jpg') => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

const customer: SignUpFormValues = {
  ...EMPTY_SIGN_UP,
  fullName: 'Ama Mensah',
  phone: '+233 20 000 0000',
  email: 'ama@example.com',
  password: 'secret1',
};

const driver: SignUpFormValues = {
  ...customer,
  role: 'driver',
  vehicleType: 'bike',
  vehicleYear: '2019',
  vehicleModel: 'Honda Ace',
  plateNumber: 'GR 1234-21',
  avatar: photo('me.jpg'),
  driversLicense: photo('licence.jpg'),
  nationalId: photo('ghana-card.jpg'),
  vehicleImage: photo('bike.jpg'),
};

describe('signUpProblems', () => {
  it('accepts a complete customer sign-up without any pictures', () => {
    expect(signUpProblems(customer)).toEqual({});
  });

  it('accepts a complete driver sign-up', () => {
    expect(signUpProblems(driver)).toEqual({});
  });

  it('reports the account fields with the shared messages', () => {
    const problems = signUpProblems({ ...EMPTY_SIGN_UP, email: 'not-an-email', password: '123' });
    expect(problems.fullName).toBe('Full name is required');
    expect(problems.email).toBe('Please enter a valid email address');
    expect(problems.password).toBe('Password must be at least 6 characters');
  });

  it('asks restaurants for a profile picture', () => {
    expect(signUpProblems({ ...customer, role: 'restaurant' })).toEqual({ avatar: MESSAGES.profilePictureRequired });
  });

  it('asks drivers for every vehicle detail and every document, alongside other problems', () => {
    const problems = signUpProblems({ ...customer, fullName: '', role: 'driver' });
    expect(problems).toEqual({
      fullName: 'Full name is required',
      avatar: MESSAGES.profilePictureRequired,
      vehicleType: MESSAGES.vehicleRequired,
      vehicleYear: MESSAGES.vehicleRequired,
      vehicleModel: MESSAGES.vehicleRequired,
      plateNumber: MESSAGES.vehicleRequired,
      driversLicense: MESSAGES.documentsRequired,
      nationalId: MESSAGES.documentsRequired,
      vehicleImage: MESSAGES.documentsRequired,
    });
  });

  it('refuses a vehicle year before 1990 or after this year', () => {
    expect(signUpProblems({ ...driver, vehicleYear: '1985' }).vehicleYear).toMatch(/between 1990 and the current year/);
    expect(signUpProblems({ ...driver, vehicleYear: String(new Date().getFullYear() + 1) }).vehicleYear).toMatch(/between 1990/);
  });

  it('refuses a document that is not an image', () => {
    const pdf = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    expect(signUpProblems({ ...driver, driversLicense: pdf }).driversLicense).toBe(UPLOAD_MESSAGES.notAnImage);
  });
});

describe('signUpFormData', () => {
  it('sends only the account fields for a customer, even if pictures were picked before switching role', () => {
    const form = signUpFormData({ ...customer, avatar: photo() });
    expect([...form.keys()].sort()).toEqual(['email', 'fullName', 'password', 'phone', 'role']);
  });

  it('sends the vehicle fields and all files for a driver', () => {
    const form = signUpFormData(driver);
    expect(form.get('role')).toBe('driver');
    expect(form.get('vehicleYear')).toBe('2019');
    expect((form.get('nationalId') as File).name).toBe('ghana-card.jpg');
    expect([...form.keys()]).toEqual(
      expect.arrayContaining(['avatar', 'driversLicense', 'nationalId', 'vehicleImage', 'vehicleType', 'plateNumber']),
    );
  });
});
