import type { FileUser } from '../files/file-users';
import { userAnswersUseFile } from './service-answers.service';
import { serviceReportsUseFile } from './service-reports.service';

/** An answer's picture or signature, and a service report's PDF, are never deleted under them. */
export const serviceWorkFileUser: FileUser = {
  uses: async (db, companyId, fileId) =>
    (await userAnswersUseFile(db, companyId, fileId)) || (await serviceReportsUseFile(db, companyId, fileId)),
};
