import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Migrates one database per run, which every test file copies (src/test/test-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Each file opens its own database; two at a time suits a two-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
