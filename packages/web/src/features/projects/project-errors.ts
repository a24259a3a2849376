import { ApiError } from '@/lib/http';

/** The number of active plans a delete refused over (SPEC §4), or null for any other failure. */
export const activePlansOf = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const activePlans = (error.details as { activePlans?: unknown } | undefined)?.activePlans;
  return typeof activePlans === 'number' ? activePlans : null;
};

/** A save against an older version than the database's (DESIGN rule 5). */
export const isStaleVersion = (error: unknown) =>
  error instanceof ApiError && error.code === 'CONFLICT' && activePlansOf(error) === null;
