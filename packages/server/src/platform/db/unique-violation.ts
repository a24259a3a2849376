/** PostgreSQL's code for a unique constraint or index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/** Whether a failed statement broke a unique constraint (drizzle wraps the driver's error as `cause`). */
export const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } } | null)?.cause ?? error;
  return (cause as { code?: string } | null)?.code === UNIQUE_VIOLATION;
};
