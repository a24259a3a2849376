import { findInputProblem } from '@karm/domain/contract';
import type { z } from 'zod';
import { type AppError, validationError } from './errors';

/** What the contract's guard found, as the VALIDATION error the client shows next to the field. */
export const inputProblemError = (payload: unknown): AppError | null => {
  const problem = findInputProblem(payload);
  return problem ? validationError({ [problem.path.join('.') || '_']: problem.messageKey }) : null;
};

/**
 * Validates a request payload: the contract's guard (no NUL, bounded nesting) first, then the
 * event's or route's own schema. Every transport parses through here (DESIGN rule 1).
 */
export const parseInput = <Schema extends z.ZodType>(
  schema: Schema,
  payload: unknown,
): { success: true; data: z.output<Schema> } | { success: false; error: unknown } => {
  const problem = inputProblemError(payload);
  if (problem) return { success: false, error: problem };
  return schema.safeParse(payload) as
    | { success: true; data: z.output<Schema> }
    | { success: false; error: unknown };
};
