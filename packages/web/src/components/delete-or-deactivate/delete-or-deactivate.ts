import { ApiError } from '@/lib/http';
import type { Confirm } from '../confirm-action/confirm-provider';
import { notifyError, notifySuccess } from '../notify/notify';

type InUseDetails = { reason?: string; usage?: number };

/**
 * Deletes a list value after asking; when records still use it (CONFLICT `valueInUse`), says how many
 * and offers what is allowed instead: deactivating it. Shared by the collections and departments lists.
 */
export const deleteOrOfferDeactivate = async ({
  confirm,
  texts,
  remove,
  deactivate,
}: {
  confirm: Confirm;
  texts: {
    deleteTitle: string;
    deleteConfirm: string;
    deleted: string;
    inUseTitle: string;
    inUse: (count: number) => string;
    deactivate: string;
  };
  remove: () => Promise<unknown>;
  deactivate: () => Promise<unknown>;
}) => {
  const isConfirmed = await confirm({
    title: texts.deleteTitle,
    message: texts.deleteConfirm,
    confirmLabel: texts.deleteTitle,
  });
  if (!isConfirmed) return;
  try {
    await remove();
    notifySuccess(texts.deleted);
  } catch (error) {
    const details = error instanceof ApiError ? (error.details as InUseDetails | undefined) : undefined;
    if (details?.reason !== 'valueInUse') {
      notifyError(error);
      return;
    }
    const shouldDeactivate = await confirm({
      title: texts.inUseTitle,
      message: texts.inUse(details.usage ?? 0),
      confirmLabel: texts.deactivate,
    });
    if (shouldDeactivate) await deactivate();
  }
};
