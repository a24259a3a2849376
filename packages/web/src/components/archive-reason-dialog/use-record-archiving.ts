import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../notify/notify';
import type { ArchiveReasonDialogProps } from './archive-reason-dialog';

export type RecordArchivingOptions<Saved> = {
  /** The record's i18n namespace: `archive.title`, `archive.text`, `toast.archived`, `toast.unarchived`. */
  namespace: string;
  /** The saved record; null while it is new (nothing to archive yet). */
  record: Saved | null;
  isArchived: (record: Saved) => boolean;
  archive: (record: Saved, reason: string) => Promise<Saved>;
  unarchive: (record: Saved) => Promise<Saved>;
  /** Takes the archived or unarchived record the server answered with. */
  onChanged: (record: Saved) => void;
  onError: (error: unknown) => unknown;
  /** The contract's limit for the reason. */
  maxLength: number;
};

/**
 * Archiving as every record dialog does it (SPEC §4): the footer's Archive asks for a reason, the
 * answer is saved, the dialog keeps the returned record and says so in a toast; Unarchive the same
 * without asking. Returns the footer's two actions and the props of the reason dialog.
 */
export const useRecordArchiving = <Saved>({
  namespace,
  record,
  isArchived,
  archive,
  unarchive,
  onChanged,
  onError,
  maxLength,
}: RecordArchivingOptions<Saved>) => {
  const { t } = useTranslation(namespace);
  const [isAskingWhy, setAskingWhy] = useState(false);

  const archiveWithReason = async (reason: string) => {
    if (!record) return;
    try {
      const archived = await archive(record, reason);
      setAskingWhy(false);
      onChanged(archived);
      notifySuccess(t('toast.archived'));
    } catch (error) {
      setAskingWhy(false);
      await onError(error);
    }
  };

  const unarchiveNow = async () => {
    if (!record) return;
    try {
      onChanged(await unarchive(record));
      notifySuccess(t('toast.unarchived'));
    } catch (error) {
      await onError(error);
    }
  };

  const reasonDialog: ArchiveReasonDialogProps = {
    opened: isAskingWhy,
    onCancel: () => setAskingWhy(false),
    onConfirm: archiveWithReason,
    title: t('archive.title'),
    text: t('archive.text'),
    maxLength,
  };
  return {
    onArchive: record && !isArchived(record) ? () => setAskingWhy(true) : undefined,
    onUnarchive: record && isArchived(record) ? unarchiveNow : undefined,
    reasonDialog,
  };
};
