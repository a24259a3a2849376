import type { FileUser } from '../files/file-users';
import { checklistUsesFile } from './checklist-files';
import { deviationUsesFile } from './deviations.service';
import { procedureUsesFile } from './procedures.service';

/** A deviation's pictures, a procedure's files and a checklist's pictures and PDF are never deleted under them. */
export const qualityFileUser: FileUser = {
  uses: async (db, companyId, fileId) =>
    (await deviationUsesFile(db, companyId, fileId)) ||
    (await procedureUsesFile(db, companyId, fileId)) ||
    (await checklistUsesFile(db, companyId, fileId)),
};
