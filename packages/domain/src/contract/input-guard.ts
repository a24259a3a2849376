import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '../rules/validation-messages';

/**
 * Checks every request payload before its schema sees it, once for all events and routes:
 * - no text anywhere (values or keys) may hold the NUL character, which PostgreSQL cannot store in
 *   text or jsonb — letting it through turned into an INTERNAL error at the database;
 * - nesting is bounded, so free-form data (a client log's `data`, profile filters) cannot be
 *   10 000 levels deep and exhaust the stack of whoever walks it next.
 * The walk is iterative, so a hostile payload cannot overflow this check either.
 */
export const MAX_INPUT_DEPTH = 32;
/** Values visited at most: far above any real form, far below what would stall the event loop. */
export const MAX_INPUT_NODES = 100_000;

export type InputProblem = { path: (string | number)[]; messageKey: string };

export const findInputProblem = (payload: unknown): InputProblem | null => {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: payload, path: [] }];
  let visited = 0;
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: (string | number)[] };
    visited += 1;
    if (visited > MAX_INPUT_NODES || path.length > MAX_INPUT_DEPTH)
      return { path, messageKey: MESSAGES.tooDeep };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, messageKey: MESSAGES.nulCharacter };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: [...path, index] });
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return { path, messageKey: MESSAGES.nulCharacter };
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
};
