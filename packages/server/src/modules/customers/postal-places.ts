/// <reference path="../../types/norway-postal-codes.d.ts" />
import type { PostalPlace } from '@karm/domain/contract';
import postalCodes from 'norway-postal-codes';
import { validationError } from '../../platform/errors';

const PLACES = postalCodes as Record<string, string>;

const titleCase = (city: string) =>
  city
    .toLowerCase()
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_match, separator: string, letter: string) => separator + letter.toUpperCase(),
    );

/** SPEC §7 admin:postaladdress: the place of a Norwegian postal code (Bring's register). */
export const lookUpPostalPlace = (postalCode: string): PostalPlace => {
  const city = PLACES[postalCode];
  if (!city) throw validationError({ postalCode: 'validation.postalCodeUnknown' }, 'Unknown postal code');
  return { postalCode, city: titleCase(city) };
};
