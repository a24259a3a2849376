import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from '../errors';

/** OWASP's scrypt floor (N=2^17, r=8, p=1), stored with the hash so it can be raised later. */
export const PASSWORD_COST: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };
/** The cost a new hash gets: always PASSWORD_COST, but in the server's test runs (below). */
let newHashCost = PASSWORD_COST;

/**
 * Server test runs only (`src/test/password-cost.ts`, a setup file of vitest.config.ts): passwords
 * set through Karm in a test are hashed at a low cost. Tests set hundreds of passwords; at the full
 * cost each takes 0.3 s of a core, over a second on a busy machine, and tests that set three of
 * them outlasted their time limit. The hashing is the same code; `passwords.test.ts` checks the
 * full cost, and nothing outside the tests calls this.
 */
export const setPasswordCostForTests = (cost: ScryptParameters) => {
  newHashCost = cost;
};
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Waiting hashes allowed per thread. One hash takes ~0.3 s on one core, so with 4 per thread the
 * last one in the queue answers within about 1.5 s; beyond that, a burst is better told at once
 * that the server is busy than left waiting for a minute while every other request starves.
 */
const QUEUE_PER_THREAD = 4;

type DeriveTask = { password: string; salt: Buffer; keyLength: number; N: number; r: number; p: number };

/** scrypt's cost: stored with each hash, and read back from it when a password is checked. */
export type ScryptParameters = { N: number; r: number; p: number };

type HashOptions = {
  /** Seeding and other work nobody waits for may queue beyond the bound instead of being refused. */
  waitWhenBusy?: boolean;
  /**
   * Only for the test servers' throwaway users (`test/test-server.ts`), who sign in hundreds of
   * times a run: a lower cost. Every password a person sets is hashed at `PASSWORD_COST`.
   */
  parameters?: ScryptParameters;
};

export type PasswordPool = {
  hash: (password: string, options?: HashOptions) => Promise<string>;
  verify: (password: string, stored: string) => Promise<boolean>;
  close: () => Promise<void>;
};

let tasksStarted = 0;
/** How many key derivations were started in this process (tests prove a path hashes nothing). */
export const passwordTasksStarted = () => tasksStarted;

/**
 * scrypt at these parameters costs 128 MiB and a core for ~0.3 s. It runs in a worker pool sized
 * to the cores, so a crowd signing in at once cannot block the event loop (or libuv's threadpool)
 * for everyone else, and the queue is bounded: under overload the answer is RATE_LIMITED at once.
 *
 * The worker is plain `.mjs` resolved next to this module: a bundled build must copy
 * `password-worker.mjs` next to the bundle.
 */
export const createPasswordPool = (
  options: { maxThreads?: number; maxQueue?: number } = {},
): PasswordPool => {
  const maxThreads = options.maxThreads ?? availableParallelism();
  const maxQueue = options.maxQueue ?? QUEUE_PER_THREAD * maxThreads;
  const piscina = new Piscina<DeriveTask & { maxmem: number }, Uint8Array>({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads,
    idleTimeout: 60_000,
  });
  // Counted here rather than by piscina's queue, which also holds tasks while a thread starts.
  let inFlight = 0;
  const derive = async (task: DeriveTask, options: HashOptions = {}) => {
    if (inFlight >= maxThreads + maxQueue && !options.waitWhenBusy) {
      throw new AppError('RATE_LIMITED', 'Server busy, try again', { retryAfterSeconds: 5 });
    }
    inFlight++;
    tasksStarted++;
    try {
      return Buffer.from(await piscina.run({ ...task, maxmem: MAX_MEMORY }));
    } finally {
      inFlight--;
    }
  };
  return {
    hash: async (password, options) => {
      const salt = randomBytes(16);
      const parameters = options?.parameters ?? newHashCost;
      const key = await derive(
        { password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, ...parameters },
        options,
      );
      return [
        'scrypt',
        parameters.N,
        parameters.r,
        parameters.p,
        salt.toString('base64'),
        key.toString('base64'),
      ].join('$');
    },
    verify: async (password, stored) => {
      const [algorithm, n, r, p, salt, key] = stored.split('$');
      if (algorithm !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await derive({
        password: password.normalize('NFKC'),
        salt: Buffer.from(salt, 'base64'),
        keyLength: expected.length,
        N: Number(n),
        r: Number(r),
        p: Number(p),
      });
      return timingSafeEqual(actual, expected);
    },
    close: () => piscina.destroy(),
  };
};

/** The process's pool, made on first use (and again after closePasswordPool, as tests restart apps). */
let pool: PasswordPool | undefined;
const sharedPool = () => {
  pool ??= createPasswordPool();
  return pool;
};

export const hashPassword = (password: string, options?: HashOptions) => sharedPool().hash(password, options);

export const verifyPassword = (password: string, stored: string) => sharedPool().verify(password, stored);

/** Stops the worker threads (on app close); the next hash starts a new pool. */
export const closePasswordPool = async () => {
  const closing = pool;
  pool = undefined;
  await closing?.close();
};

/**
 * A hash of a random password nobody knows: comparing against it when the account does not exist
 * makes a wrong username take as long as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  if (!decoyHash) {
    const made = hashPassword(randomBytes(24).toString('base64'));
    decoyHash = made;
    // A refused attempt (server busy) must not be remembered as the decoy.
    made.catch(() => {
      if (decoyHash === made) decoyHash = undefined;
    });
  }
  return decoyHash;
};
