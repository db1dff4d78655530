import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { Country } from './restaurants/currency.js';

/** The numbering region of each country a restaurant can be in (shared/restaurants/currency.ts). */
const REGIONS: Record<Country, CountryCode> = {
  Nigeria: 'NG',
  Kenya: 'KE',
  Ghana: 'GH',
  'South Africa': 'ZA',
  USA: 'US',
  UK: 'GB',
  Canada: 'CA',
};

const regionOf = (country: string): CountryCode | undefined =>
  Object.hasOwn(REGIONS, country) ? REGIONS[country as Country] : undefined;

/**
 * A phone number as written ('024 412 3456', '+233 24 412 3456') in E.164 ('+233244123456'):
 * a number without its country code is read as one of `country` (a restaurant's, by name).
 * Undefined when it is not a valid number there, so it cannot be sent an SMS.
 */
export function toE164(phone: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, regionOf(country));
  return parsed?.isValid() ? parsed.number : undefined;
}
