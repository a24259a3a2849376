import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const KARM_SERVER = process.env.KARM_DEV_SERVER ?? 'http://localhost:3000';

/** One id per build: compiled into the client and written to build.json for the server to report. */
const BUILD_ID = process.env.KARM_BUILD_ID ?? new Date().toISOString();

const buildIdFile = (): Plugin => ({
  name: 'karm-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId: BUILD_ID }) });
  },
});

export default defineConfig({
  plugins: [react(), buildIdFile()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    // The build id lets the client notice that the server now serves a newer build (SPEC §4).
    __KARM_BUILD_ID__: JSON.stringify(BUILD_ID),
  },
  server: {
    proxy: {
      '/api': KARM_SERVER,
      '/socket.io': { target: KARM_SERVER, ws: true },
    },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 2000 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
