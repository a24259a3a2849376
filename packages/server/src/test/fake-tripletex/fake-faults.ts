import { type FakeResponse, fail } from './fake-http';

type FaultTarget = {
  /** Tested against the path relative to `/v2`, e.g. `/customer` or `/customer/1001`. */
  path?: RegExp;
  method?: string;
  /** How many matching requests the fault hits; later ones are answered normally. */
  times: number;
};

/**
 * One fault per matching request, the first injected rule that still has `times` left:
 * - `status`: answer 429/500/503 instead of handling the request. A 429 carries `X-Rate-Limit-Reset`
 *   with `rateLimitResetSeconds` (default 1); `null` leaves the header out, as Tripletex sometimes does;
 * - `delayMs`: hold the request that long, then handle it (a client time-out sees nothing; the change,
 *   if any, still happens, as at a slow Tripletex);
 * - `until`: hold the request until the promise settles, then handle it (a test does something while
 *   Karm waits on Tripletex, without guessing a delay);
 * - `dropAfterCommit`: handle the request, then destroy the socket without answering (a lost answer).
 */
export type FaultRule = FaultTarget &
  (
    | { status: 429 | 500 | 503; rateLimitResetSeconds?: number | null }
    | { delayMs: number }
    | { until: Promise<void> }
    | { dropAfterCommit: true }
  );

export const createFaults = () => {
  const rules: { rule: FaultRule; remaining: number }[] = [];

  const matches = (rule: FaultRule, method: string, path: string) => {
    if (rule.method && rule.method.toUpperCase() !== method) return false;
    if (!rule.path) return true;
    rule.path.lastIndex = 0;
    return rule.path.test(path);
  };

  return {
    inject: (rule: FaultRule) => {
      rules.push({ rule, remaining: rule.times });
    },
    /** The fault for this request, if any, counting it as used. */
    take: (method: string, path: string): FaultRule | null => {
      const entry = rules.find((e) => e.remaining > 0 && matches(e.rule, method, path));
      if (!entry) return null;
      entry.remaining -= 1;
      return entry.rule;
    },
    clear: () => {
      rules.length = 0;
    },
  };
};

export const faultResponse = (fault: {
  status: 429 | 500 | 503;
  rateLimitResetSeconds?: number | null;
}): FakeResponse => {
  if (fault.status !== 429) return fail(fault.status, 0, 'The server could not handle the request');
  const reset = fault.rateLimitResetSeconds === undefined ? 1 : fault.rateLimitResetSeconds;
  return {
    ...fail(429, 0, 'Too many requests'),
    headers: {
      'X-Rate-Limit-Limit': '1000',
      'X-Rate-Limit-Remaining': '0',
      ...(reset !== null && { 'X-Rate-Limit-Reset': String(reset) }),
    },
  };
};
