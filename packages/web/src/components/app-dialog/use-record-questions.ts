import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm-action/confirm-provider';

/**
 * The two questions every record dialog (inquiry, offer, project) asks, in the record's own words:
 * whether to drop unsaved edits when it closes, and whether to retrieve the newer version after a
 * save hit someone else's (SPEC §4). The texts come from the record's i18n namespace, under the same
 * keys there: `dialog.discardTitle`, `dialog.discardMessage`, `dialog.discard`, and `conflict.title`,
 * `conflict.message`, `conflict.retrieve`, `conflict.keep`.
 */
export const useRecordQuestions = (namespace: string) => {
  const { t } = useTranslation(namespace);
  const confirm = useConfirm();
  return {
    /** Closes at once when nothing is edited, otherwise only after the user agrees to discard. */
    closeUnlessKept: async (isDirty: boolean, close: () => void) => {
      if (
        isDirty &&
        !(await confirm({
          title: t('dialog.discardTitle'),
          message: t('dialog.discardMessage'),
          confirmLabel: t('dialog.discard'),
        }))
      ) {
        return;
      }
      close();
    },
    /** True when the user wants the newer version instead of the form they were saving. */
    wantsNewerVersion: () =>
      confirm({
        title: t('conflict.title'),
        message: t('conflict.message'),
        confirmLabel: t('conflict.retrieve'),
        cancelLabel: t('conflict.keep'),
        color: 'blue',
      }),
  };
};
