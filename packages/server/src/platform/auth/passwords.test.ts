import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closePasswordPool,
  createPasswordPool,
  hashPassword,
  PASSWORD_COST,
  setPasswordCostForTests,
  verifyPassword,
} from './passwords';

// The other server tests hash at a low cost (test/password-cost.ts); this file checks the real one.
beforeAll(() => setPasswordCostForTests(PASSWORD_COST));
afterAll(async () => {
  await closePasswordPool();
});

describe('password hashing in the worker pool', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 and a fresh salt, and verifies', async () => {
    const [first, second] = await Promise.all([hashPassword('hemmelig æøå'), hashPassword('hemmelig æøå')]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('hemmelig æøå', first)).toBe(true);
    expect(await verifyPassword('hemmelig æøa', first)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  });

  it('answers RATE_LIMITED "busy" at once instead of queueing without bound', async () => {
    const pool = createPasswordPool({ maxThreads: 1, maxQueue: 1 });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, () =>
          pool.hash('correct horse').then(
            () => 'hashed',
            (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'hashed')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome === 'RATE_LIMITED: Server busy, try again')).toHaveLength(
        2,
      );
    } finally {
      await pool.close();
    }
  });
});
