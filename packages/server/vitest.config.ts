import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates one database per run, which every test file copies (src/test/test-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Passwords set in tests are hashed at a low cost (platform/auth/passwords.ts explains why).
    setupFiles: ['src/test/password-cost.ts'],
    // Each file opens its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
    // A worker keeps the modules it imported for its next file: every file builds its own app,
    // database and clock, so nothing of a file outlives it, and importing the whole server again for
    // each of ~115 files was a large share of the run.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
