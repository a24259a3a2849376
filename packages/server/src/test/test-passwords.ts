import { hashPassword } from '../platform/auth/passwords';

/**
 * The throwaway users of test servers and journeys sign in hundreds of times a run. Their password is
 * hashed once per process and password, at a low scrypt cost; the cost is stored in the hash and
 * signing in checks at that cost, so each sign-in takes milliseconds instead of 0.3 s of a core (and
 * seeding a user no longer costs another 0.3 s). Every password set through Karm keeps the full cost.
 */
/** The throwaway cost: milliseconds a hash. */
export const THROWAWAY_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };
const hashes = new Map<string, Promise<string>>();
export const throwawayPasswordHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, { waitWhenBusy: true, parameters: THROWAWAY_PASSWORD_COST });
    hashes.set(password, hash);
  }
  return hash;
};
