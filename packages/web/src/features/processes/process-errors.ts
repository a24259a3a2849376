import type { TFunction } from 'i18next';
import { errorMessageOf } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';

/** SPEC §8: the server's exact message when the project of a process update is gone. */
export const PROJECT_MISSING_FOR_PROCESS = 'could not find project to update process';

/**
 * The text a failed process call shows: the missing-project failure in the user's language, the first
 * field message of a VALIDATION answer (a note date of the wrong type), else the usual error text.
 */
export const processErrorMessage = (t: TFunction, error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.message === PROJECT_MISSING_FOR_PROCESS) return t('processes:edit.projectMissing');
    const [first] = Object.values(fieldErrorsOf(error));
    if (first) return translateMessage(t, first);
  }
  return errorMessageOf(error);
};
