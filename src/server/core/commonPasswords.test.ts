import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { AppError } from '../http/errors.js';
import { isCommonPassword, refuseCommonPassword } from './commonPasswords.js';

describe('isCommonPassword', () => {
  it.each(['123456', 'password', 'Password', 'QWERTY123', 'iloveyou', 'password123', '1q2w3e4r', 'chopchop123'])(
    'refuses the listed %s in any letter case',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['aaaaaaaa', '!!!!!!', '121212', 'abcabc', '234567', '987654', 'fedcba', 'lmnopq'])(
    'refuses the pattern %s, listed or not',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['kente-cloth-7', 'Kofi-Accra-92', 'banku&okro', '135790', 'abdcef'])('accepts %s', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});

describe('refuseCommonPassword', () => {
  it('throws a 400 whose message goes under the password field', () => {
    const refusal = (() => {
      try {
        refuseCommonPassword('123456');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      message: MESSAGES.commonPassword,
      fields: { password: MESSAGES.commonPassword },
    });
    expect(() => refuseCommonPassword('kente-cloth-7')).not.toThrow();
  });
});
