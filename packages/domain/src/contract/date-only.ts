import { z } from 'zod';
import { isDateOnly } from '../rules/date-only';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../rules/validation-messages';

/** A calendar date as the API carries it: `YYYY-MM-DD`, a real day (a wrong one says `dateNotValid`). */
export const dateOnlySchema = z.string().refine(isDateOnly, MESSAGES.dateNotValid);
