#!/usr/bin/env node
// Bundles the server for production: src/main.ts → dist/main.js, run with plain `node` (no tsx, no
// TypeScript at run time). npm packages stay in node_modules (imported as they are); our own
// workspace package @karm/domain is TypeScript, so it is bundled in.
//
// Paths at run time:
// - `import.meta.dirname` and `import.meta.filename` keep meaning "the folder of this source file":
//   each file's use is rewritten to the place the file would have in dist/ if dist/ mirrored src/.
//   src/ and dist/ are siblings, so a path that climbs out of src/ (the drizzle/ migrations, the
//   package.json, ../web/dist) reaches the same place from either; nothing needs copying.
// - `import.meta.url` is the bundle's own address, so a file a module loads by URL relative to itself
//   (`new URL('./password-worker.mjs', import.meta.url)`, the demo logo) is copied to the same
//   relative place beside the bundle; a worker thread's TypeScript entry (`*.worker.ts`) is bundled
//   there instead, as `*.worker.js`.
// - pdfmake's fonts are read from node_modules, which the bundle resolves as the sources do.
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

const PACKAGE_DIR = import.meta.dirname;
const SRC = path.join(PACKAGE_DIR, 'src');
const DIST = path.join(PACKAGE_DIR, 'dist');

const URL_ASSET = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Rewrites `import.meta.dirname`/`filename` in our sources and collects the files they load by URL
 * (bundle-relative path → source file), as described above.
 */
const runtimePaths = (assets) => ({
  name: 'runtime-paths',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (!args.path.startsWith(SRC + path.sep)) return undefined;
      let contents = await readFile(args.path, 'utf8');
      for (const [, , relative] of contents.matchAll(URL_ASSET)) {
        const source = path.resolve(path.dirname(args.path), relative);
        const known = assets.get(relative);
        if (known && known !== source) throw new Error(`${relative} names both ${known} and ${source}`);
        assets.set(relative, source);
      }
      if (/import\.meta\.(dirname|filename)/.test(contents)) {
        const mirrored = path.relative(SRC, path.dirname(args.path)).split(path.sep).join('/');
        const dirname = `__karmPath.join(import.meta.dirname, ${JSON.stringify(mirrored)})`;
        const filename = path.basename(args.path).replace(/\.tsx?$/, '.js');
        // On the first line, so that line numbers stay those of the source.
        contents = `import __karmPath from 'node:path'; ${contents
          .replaceAll('import.meta.dirname', dirname)
          .replaceAll('import.meta.filename', `__karmPath.join(${dirname}, ${JSON.stringify(filename)})`)}`;
      }
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * Node's ESM loader resolves a deep import of a package without an `exports` map only with its file
 * extension (`dayjs/plugin/utc` must be `dayjs/plugin/utc.js`); bundlers and tsx add it silently.
 */
const nodeSpecifier = (specifier, resolveDir) => {
  const [, name, subpath] = /^((?:@[^/]+\/)?[^/]+)(\/.+)?$/.exec(specifier) ?? [];
  if (!name || !subpath || path.extname(subpath)) return specifier;
  const require = createRequire(path.join(resolveDir, 'index.js'));
  let manifestPath;
  try {
    manifestPath = require.resolve(`${name}/package.json`);
  } catch {
    return specifier; // a Node built-in, or a package whose exports map answers for itself
  }
  if (JSON.parse(readFileSync(manifestPath, 'utf8')).exports) return specifier;
  const file = path.relative(path.dirname(manifestPath), require.resolve(specifier));
  return `${name}/${file.split(path.sep).join('/')}`;
};

/** Every package import stays an import of node_modules, except our own TypeScript workspace. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@karm/')
        ? undefined
        : { path: nodeSpecifier(args.path, args.resolveDir), external: true },
    );
  },
};

/** One bundle: `entry` (a source file) → `outfile`, collecting the files it loads by URL. */
const bundle = (entry, outfile, assets) =>
  esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Readable stack traces; `NODE_OPTIONS=--enable-source-maps` maps them to the sources.
    sourcemap: 'linked',
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages, runtimePaths(assets)],
  });

/** A worker thread's TypeScript entry (`platform/workers/worker-task.ts`): bundled, not copied. */
const WORKER_ENTRY = /\.worker\.ts$/;

export const buildServer = async () => {
  await rm(DIST, { recursive: true, force: true });
  const assets = new Map();
  await bundle(path.join(SRC, 'main.ts'), path.join(DIST, 'main.js'), assets);
  // A worker's entry becomes a bundle of its own beside main.js (`x.worker.ts` → `x.worker.js`, where
  // `runWorkerTask` starts it); what the worker loads by URL joins the assets.
  const built = new Set();
  for (let pending = [...assets].filter(([relative]) => WORKER_ENTRY.test(relative)); pending.length > 0; ) {
    for (const [relative, source] of pending) {
      built.add(relative);
      await bundle(source, path.join(DIST, relative.replace(/\.ts$/, '.js')), assets);
    }
    pending = [...assets].filter(([relative]) => WORKER_ENTRY.test(relative) && !built.has(relative));
  }
  for (const [relative, source] of assets) {
    if (WORKER_ENTRY.test(relative)) continue;
    const target = path.join(DIST, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target);
  }
};

if (process.argv[1] === import.meta.filename) await buildServer();
