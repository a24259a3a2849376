#!/usr/bin/env node
// Writes the installable client's icons (public/icons/) from the door mark of favicon.svg:
// rounded ones for "any" use and a full-bleed maskable one, whose mark stays inside the 80 % safe
// zone that launchers may crop to a circle. Run again after changing the mark:
//   node packages/web/scripts/make-icons.mjs
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const out = path.join(import.meta.dirname, '..', 'public', 'icons');
const BLUE = '#1c7ed6';
/** The door: a frame and a handle, drawn in a 64-unit box. */
const door =
  '<rect x="18" y="12" width="28" height="40" rx="2" fill="none" stroke="#fff" stroke-width="5"/><circle cx="40" cy="33" r="3" fill="#fff"/>';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${BLUE}"/>${door}</svg>`;
// Full bleed, the door scaled to 60 % around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BLUE}"/><g transform="translate(32 32) scale(0.6) translate(-32 -32)">${door}</g></svg>`;

await mkdir(out, { recursive: true });
const write = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
await Promise.all([
  write(rounded, 192, 'karm-192.png'),
  write(rounded, 512, 'karm-512.png'),
  write(maskable, 512, 'karm-maskable-512.png'),
  write(maskable, 180, 'apple-touch-icon.png'),
]);
console.log(`icons written to ${out}`);
