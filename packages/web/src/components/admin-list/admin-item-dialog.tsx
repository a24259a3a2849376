import type { ReactNode } from 'react';
import { AppDialog } from '../app-dialog/app-dialog';
import { notifySaving } from '../notify/notify';

/**
 * The add / edit dialog of a short admin-managed list (collections, departments, payment terms,
 * credit bands). Save checks the fields (`isValid` shows its own errors), writes, shows the 3-second
 * toast (SPEC §8) and closes once saved; a refused save keeps the dialog open with the error toast.
 */
export const AdminItemDialog = ({
  title,
  savedMessage,
  saving,
  isValid,
  write,
  onClose,
  children,
}: {
  title: string;
  savedMessage: string;
  saving: boolean;
  isValid: () => boolean;
  write: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) => {
  const save = async () => {
    if (!isValid()) return;
    if (await notifySaving(write, savedMessage)) onClose();
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={title}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={saving}
    >
      {children}
    </AppDialog>
  );
};
