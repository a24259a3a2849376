import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { errorTextOf } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { i18n } from '@/lib/i18n';

/** SPEC §8: success and error toasts last 3 seconds. */
export const TOAST_DURATION_MS = 3000;

/** i18n keys of the catalogue's generic outcome texts (SPEC §8). */
export const ACTION_SUCCESS = 'components:notify.actionSuccess';
export const ACTION_FAILED = 'components:notify.actionFailed';
const UNEXPECTED_ERROR = 'components:notify.unexpectedError';

const ICON_SIZE = 18;

/**
 * The text a failure shows: a server error's translated message key or code (`errorTextOf`), the
 * error's own message, or a generic line.
 */
export const errorMessageOf = (error: unknown): string => {
  const text =
    error instanceof ApiError ? errorTextOf(i18n, error) : error instanceof Error ? error.message : '';
  if (text.trim()) return text;
  if (typeof error === 'string' && error.trim()) return error;
  return i18n.t(UNEXPECTED_ERROR);
};

/** A button in a toast: "Undo" after marking a task done. Pressing it closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

export const notifySuccess = (message: string, { action }: { action?: ToastAction } = {}) => {
  const id = notifications.show({
    message: action ? (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ) : (
      message
    ),
    color: 'green',
    icon: <IconCheck size={ICON_SIZE} />,
    autoClose: TOAST_DURATION_MS,
  });
  return id;
};

/**
 * Accepts a message, an Error or an ApiError — whatever a catch block holds. A title names what
 * failed (SPEC §8 "Failed to create user") above the reason.
 */
export const notifyError = (messageOrError: unknown, options: { title?: string } = {}) =>
  notifications.show({
    title: options.title,
    message: errorMessageOf(messageOrError),
    color: 'red',
    icon: <IconX size={ICON_SIZE} />,
    autoClose: TOAST_DURATION_MS,
  });

/** "Action was successful" or "Action failed". */
export const notifyActionResult = (ok: boolean) =>
  ok ? notifySuccess(i18n.t(ACTION_SUCCESS)) : notifyError(i18n.t(ACTION_FAILED));

/**
 * Runs a save and says how it went: the success toast with `saved`, or the error's. Answers whether
 * it succeeded, so a dialog closes only then.
 */
export const notifySaving = async (save: () => Promise<unknown>, saved: string) => {
  try {
    await save();
    notifySuccess(saved);
    return true;
  } catch (error) {
    notifyError(error);
    return false;
  }
};
