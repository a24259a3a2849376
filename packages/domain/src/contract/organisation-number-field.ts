import { z } from 'zod';
import { validateOrganisationNumber } from '../rules/organisation-number';

/** An organisation number field: spaces dropped, empty allowed, otherwise nine digits passing mod 11. */
export const organisationNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .superRefine((value, context) => {
    const problem = value === '' ? null : validateOrganisationNumber(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
