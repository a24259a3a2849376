import type { Executor } from '../../platform/db/client';

/**
 * A record that points at files by id from outside the file's own entity — the company's logo and
 * footer image. The files module asks the users before it deletes a file, so a file in use is never
 * deleted under them, without the files module knowing any of them (like the document owners).
 */
export type FileUser = {
  /** Whether the company's record uses the file (inside the deletion's transaction). */
  uses: (db: Executor, companyId: string, fileId: string) => Promise<boolean>;
};

const fileUsers: FileUser[] = [];

export const registerFileUser = (user: FileUser) => {
  if (!fileUsers.includes(user)) fileUsers.push(user);
};

export const isFileInUse = async (db: Executor, companyId: string, fileId: string) => {
  for (const user of fileUsers) if (await user.uses(db, companyId, fileId)) return true;
  return false;
};
