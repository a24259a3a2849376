import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the database, uploaded files and the secrets key: only the account Karm runs as
 * may read them. Modes are set explicitly rather than through `process.umask`, which would change
 * every file the process writes and, for the embedded database, would not even help (see
 * db/client.ts).
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

const GROUP_AND_OTHERS = 0o077;

/** Takes the group's and others' bits away; a path owned by another account is left as it is. */
const restrict = async (target: string, mode: number) => {
  if ((mode & GROUP_AND_OTHERS) === 0) return;
  await chmod(target, mode & 0o7700 & ~GROUP_AND_OTHERS).catch((error: NodeJS.ErrnoException) => {
    // A folder prepared by an administrator for another account (a mounted volume) stays theirs.
    if (error.code !== 'EPERM') throw error;
  });
};

/** Creates the folder (and missing parents) owner-only, and closes an existing one made before. */
export const makeOwnerOnlyDir = async (dir: string) => {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  await restrict(dir, (await stat(dir)).mode);
};

/** Closes every folder and file under `root` (and root itself) to the group and to others. */
export const restrictTreeToOwner = async (root: string) => {
  const visit = async (entry: string) => {
    const stats = await lstat(entry);
    if (stats.isSymbolicLink()) return;
    await restrict(entry, stats.mode);
    if (stats.isDirectory())
      await Promise.all((await readdir(entry)).map((name) => visit(path.join(entry, name))));
  };
  await visit(root);
};
