// Runs in a piscina worker thread: derives one scrypt key synchronously, which blocks only this
// thread (never the event loop, nor libuv's threadpool that file and network work share).
// Plain JavaScript on purpose: it loads the same under tsx, vitest and a bundled build, where it
// must sit next to the bundle (see passwords.ts).
import { scryptSync } from 'node:crypto';

/** @param {{ password: string, salt: Uint8Array, keyLength: number, N: number, r: number, p: number, maxmem: number }} task */
export default function deriveKey(task) {
  const { password, salt, keyLength, N, r, p, maxmem } = task;
  return scryptSync(password, salt, keyLength, { N, r, p, maxmem });
}
