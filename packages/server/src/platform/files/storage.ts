import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../ids';

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
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under a real key.
      const partial = `${target}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
      return storageKey;
    },
    open: (storageKey) => createReadStream(pathOf(storageKey)),
    remove: (storageKey) => rm(pathOf(storageKey), { force: true }),
  };
};
