import type { FileUser } from '../files/file-users';
import { userAnswersUseFile } from './service-answers.service';

/** An answer's picture or signature is never deleted under it. */
export const serviceWorkFileUser: FileUser = { uses: userAnswersUseFile };
