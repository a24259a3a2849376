import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../ids';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from './owner-only';

export type FileStorage = {
  /** Writes the bytes under a new server-made key and returns that key. */
  save: (bytes: Buffer) => Promise<string>;
  open: (storageKey: string) => NodeJS.ReadableStream;
  remove: (storageKey: string) => Promise<void>;
};

const STORAGE_KEY = /^[0-9a-f-]{36}$/;

/** Files live under DATA_DIR/files/<first two hex digits>/<uuid>; keys never come from a client. */
export const createFileStorage = (dataDir: string): FileStorage => {
  const root = path.join(dataDir, 'files');
  const pathOf = (storageKey: string) => {
    if (!STORAGE_KEY.test(storageKey)) throw new Error(`Invalid storage key: ${storageKey}`);
    return path.join(root, storageKey.slice(-2), storageKey);
  };
  return {
    save: async (bytes) => {
      const storageKey = newId();
      const target = pathOf(storageKey);
      // Owner-only, like the rest of DATA_DIR: uploads are a company's documents.
      await mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIR });
      // Write then rename, so a crash never leaves a half-written file under a real key.
      const partial = `${target}.partial`;
      await writeFile(partial, bytes, { mode: OWNER_ONLY_FILE });
      await rename(partial, target);
      return storageKey;
    },
    open: (storageKey) => createReadStream(pathOf(storageKey)),
    remove: (storageKey) => rm(pathOf(storageKey), { force: true }),
  };
};
