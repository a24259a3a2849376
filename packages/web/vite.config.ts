import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { SIGN_IN_NAMESPACES } from './src/lib/sign-in-namespaces.ts';

const KARM_SERVER = process.env.KARM_DEV_SERVER ?? 'http://localhost:3000';

/** The version users run (this package's, bumped with every release and CHANGELOG.md). */
const VERSION = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** One id per build: compiled into the client and written to build.json for the server to report. */
const BUILD_ID = process.env.KARM_BUILD_ID ?? new Date().toISOString();

const buildIdFile = (): Plugin => ({
  name: 'karm-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId: BUILD_ID }) });
  },
});

const SIGN_IN_TEXTS = new RegExp(`i18n[\\\\/](en|nb)[\\\\/](${SIGN_IN_NAMESPACES.join('|')})\\.json$`);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes a .br and a .gz beside every compressible file of the build, at the highest levels (it
 * happens once per build), so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on every request. Files too small to gain are left alone.
 */
const precompress = (): Plugin => ({
  name: 'karm-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(
      files.map(async (file) => {
        const filePath = path.join(outDir, file);
        const source = await readFile(filePath);
        if (source.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await writeFile(`${filePath}.br`, br);
        if (gz.length < source.length) await writeFile(`${filePath}.gz`, gz);
      }),
    );
  },
});

/**
 * The installable client (issue 18): the web app manifest and a Workbox service worker that
 * precaches the app shell — every built script, style, font and icon — so Karm opens at once, also
 * with the server out of reach (the app then says so). It never caches the API or the socket: the
 * answers always come from the server. A new build's worker waits until the user accepts the
 * new-version notice (`prompt`), so a tab never mixes old and new chunks; lib/service-worker.ts
 * registers it.
 */
const installableClient = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Karm',
      short_name: 'Karm',
      description:
        'Inquiries, offers, projects, planning, invoicing and service for door and window companies',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1c7ed6',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/karm-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/karm-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/karm-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Every route of the single-page app opens from the cached shell; the API, the socket, the
      // API documentation and downloads always go to the server.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
      cleanupOutdatedCaches: true,
      // Web Push (features/subscriptions): the worker shows the server's notifications and opens
      // their page on a click; the handler is a plain script in public/.
      importScripts: ['/push-handler.js'],
      // The largest chunk (React) is ~300 kB; this leaves room without caching something absurd.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });

export default defineConfig({
  plugins: [react(), buildIdFile(), precompress(), installableClient()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    // The build id lets the client notice that the server now serves a newer build (SPEC §4).
    __KARM_BUILD_ID__: JSON.stringify(BUILD_ID),
    // The release notes open once when the user's last seen version is older than this.
    __KARM_VERSION__: JSON.stringify(VERSION),
  },
  server: {
    proxy: {
      '/api': KARM_SERVER,
      '/socket.io': { target: KARM_SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router are on every page and change only with their versions: one chunk
          // that browsers keep across Karm's releases. The rest is split by route (see app/router).
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The sign-in page's texts, apart from the rest of their language (loaded after sign-in).
            { name: 'sign-in-texts', test: SIGN_IN_TEXTS },
            // The two-factor texts: the second sign-in step loads them alone (features/auth/security-texts).
            { name: 'security-texts', test: /i18n[\\/](en|nb)[\\/]security\.json$/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    // Each test file gets a fresh VM context in a worker that stays: the libraries (Mantine, React,
    // jsdom, the icons) are loaded once per worker instead of once per file, which halved the
    // suite (412 s → 219 s on two cores). VM contexts leak what they import, so a worker is
    // replaced once it holds 2 GiB (without a limit one run grew to 6 GiB).
    pool: 'vmThreads',
    vmMemoryLimit: '2GiB',
    // In a VM context Node cannot require() an ES module: recharts' CommonJS build does that
    // (@reduxjs/toolkit), so the charts load recharts' ES build, through Vite.
    alias: { recharts: 'recharts/es6/index.js' },
    server: { deps: { inline: [/@mantine[\\/]charts/] } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Vitest takes one worker less than the cores: on a two-core machine that is one file at a time.
    maxWorkers: 2,
    // A dialog journey in jsdom (render, type, save) takes 1–3 s on an idle machine; the default 5 s
    // failed such tests whenever the machine was busy. The server tests allow the same.
    testTimeout: 20_000,
  },
});
