/** Exponential backoff with full jitter: spreads retries of many clients instead of bunching them. */
export const BACKOFF_BASE_MS = 250;
export const BACKOFF_CAP_MS = 8_000;

/** The wait before retry number `attempt + 1`: uniformly random in [0, min(cap, base · 2^attempt)). */
export const backoffDelayMs = (attempt: number, random: () => number) =>
  Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));

/**
 * The wait after a 429: `X-Rate-Limit-Reset` holds the seconds until the window resets. Tripletex is
 * reported to leave it out on some 429s, so a missing or unreadable value falls back to a fixed delay.
 */
export const rateLimitDelayMs = (resetHeader: string | null, fallbackMs: number) => {
  if (resetHeader === null || resetHeader.trim() === '') return fallbackMs;
  const seconds = Number(resetHeader);
  if (!Number.isFinite(seconds) || seconds < 0) return fallbackMs;
  return Math.ceil(seconds * 1000);
};
