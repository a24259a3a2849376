import type { FileUser } from '../files/file-users';
import { deviationUsesFile } from './deviations.service';
import { procedureUsesFile } from './procedures.service';

/** A deviation's pictures and a procedure's files are never deleted under them. */
export const qualityFileUser: FileUser = {
  uses: async (db, companyId, fileId) =>
    (await deviationUsesFile(db, companyId, fileId)) || (await procedureUsesFile(db, companyId, fileId)),
};
