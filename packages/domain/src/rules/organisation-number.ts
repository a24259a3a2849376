import { VALIDATION_MESSAGE_KEYS } from './validation-messages';

/** A Norwegian organisation number has nine digits (SPEC §9). */
export const ORGANISATION_NUMBER_LENGTH = 9;

// Weights of the first eight digits in the modulus-11 check (Brønnøysundregistrene).
const CHECK_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const NINE_DIGITS = /^\d{9}$/;

export type OrganisationNumberMessageKey =
  | typeof VALIDATION_MESSAGE_KEYS.mustBe9Characters
  | typeof VALIDATION_MESSAGE_KEYS.organisationNumberInvalid;

/** The check digit for the first eight digits, or null when none exists (remainder 1 gives 10). */
const checkDigitOf = (digits: string): number | null => {
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const checkDigit = (11 - (sum % 11)) % 11;
  return checkDigit === 10 ? null : checkDigit;
};

/**
 * Null for a valid organisation number, otherwise the message key. Spaces are ignored ("923 609 016").
 * Anything that is not nine digits gets the spec's "Must be 9 characters"; nine digits with a wrong check
 * digit get the more specific organisationNumberInvalid.
 */
export const validateOrganisationNumber = (value: string): OrganisationNumberMessageKey | null => {
  const digits = value.replace(/\s+/g, '');
  if (!NINE_DIGITS.test(digits)) return VALIDATION_MESSAGE_KEYS.mustBe9Characters;
  return checkDigitOf(digits) === Number(digits[8])
    ? null
    : VALIDATION_MESSAGE_KEYS.organisationNumberInvalid;
};

/**
 * Completes eight digits with their check digit into a valid organisation number, or null when
 * those eight digits have none (test data and demo companies are made this way).
 */
export const completeOrganisationNumber = (firstEight: string): string | null => {
  if (!/^\d{8}$/.test(firstEight)) return null;
  const checkDigit = checkDigitOf(firstEight);
  return checkDigit === null ? null : `${firstEight}${checkDigit}`;
};

/**
 * An organisation number as people write it, in groups of three ("923 609 016"); anything that is
 * not nine digits (spaces aside) is returned as it was given.
 */
export const formatOrganisationNumber = (value: string): string => {
  const digits = value.replace(/\s+/g, '');
  return NINE_DIGITS.test(digits) ? digits.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : value;
};
