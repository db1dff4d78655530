import { z } from 'zod';

/**
 * Field types every request schema is built from, so that the rules of hostile input live in one
 * place: text is bounded and never carries a NUL byte (PostgreSQL cannot store one), ids are
 * compared in one letter case, and emails fit the limits of RFC 5321.
 */

export const NUL_MESSAGE = 'Text must not contain NUL characters';
const hasNoNul = (value: string) => !value.includes('\u0000');

/** A string of at most `max` characters without NUL bytes; chain .trim(), .min() etc. before using it. */
export const boundedText = (max: number, tooLong = `At most ${max} characters`) =>
  z.string().max(max, tooLong).refine(hasNoNul, NUL_MESSAGE);

/**
 * Trimmed text that must not be empty. The length limit is checked on the raw value too (before
 * trimming), so a megabyte of spaces is refused without being copied.
 */
export const requiredText = (max: number, required: string, tooLong = `At most ${max} characters`) =>
  z
    .string({ message: required })
    .max(max * 2 + 64, tooLong)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(hasNoNul, NUL_MESSAGE);

/** Optional trimmed text; an empty value is kept as empty (callers decide whether that means null). */
export const optionalText = (max: number, tooLong = `At most ${max} characters`) =>
  z
    .string()
    .max(max * 2 + 64, tooLong)
    .trim()
    .max(max, tooLong)
    .refine(hasNoNul, NUL_MESSAGE);

export const PHONE_MESSAGES = {
  invalid: 'Please enter a valid phone number',
  notInCountry: (country: string) =>
    `Please enter a phone number that works in ${country}, or write it with its country code (+...)`,
} as const;

/**
 * A phone number as people write it: an optional + and opening bracket, then 7 to 15 digits
 * (E.164's most) with at most two spaces, brackets or dashes between them, ending on a digit
 * (so at most 45 characters).
 * Written without look-ahead so that the fuzzer can generate numbers that match it.
 */
const PHONE_PATTERN = /^\+?\(?(?:[0-9][ ()-]{0,2}){6,14}[0-9]$/;

/**
 * The one phone rule for sign-up, checkout and restaurant setup: required (`required` when empty)
 * and then checked against the pattern, so an empty value gets only the one message.
 */
export const phoneField = (required: string, invalid: string = PHONE_MESSAGES.invalid) =>
  requiredText(45, required).pipe(z.string().regex(PHONE_PATTERN, invalid));

/**
 * A uuid in lower case. The database compares uuids whatever their case, but code that keys maps,
 * topics or duplicate checks on the text would not: one id in two cases must be one id everywhere.
 */
export const uuidSchema = (message = 'That is not a valid id') =>
  z.string({ message }).max(64, message).trim().toLowerCase().pipe(z.uuid({ message }));

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;

/** An email address as stored: trimmed, lower case, at most 254 characters with at most 64 before the @. */
export const emailField = () =>
  z
    .string({ message: 'Email is required' })
    .max(EMAIL_MAX * 2, `Email addresses are at most ${EMAIL_MAX} characters`)
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, `Email addresses are at most ${EMAIL_MAX} characters`)
    .refine((email) => email.indexOf('@') <= EMAIL_LOCAL_MAX, {
      message: `The part before the @ is at most ${EMAIL_LOCAL_MAX} characters`,
    })
    .pipe(z.email({ message: 'Please enter a valid email address' }));
