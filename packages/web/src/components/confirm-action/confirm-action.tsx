import { Button, Group, getDefaultZIndex, type MantineColor, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmOptions = {
  /** Defaults to "Are you sure?". */
  title?: ReactNode;
  message: ReactNode;
  /** Defaults to "Confirm"; name the action instead when you can ("Delete"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red by default, because confirmations guard destructive actions. */
  color?: MantineColor;
};

export type ConfirmActionProps = ConfirmOptions & {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Sits above every other dialog (an AppDialog asks through it) and below popovers and toasts, so a
 * confirmation opened from inside a dialog is never hidden behind it.
 */
export const CONFIRM_Z_INDEX = getDefaultZIndex('modal') + 50;

/** A small yes/no dialog. Dismissing it (Escape, outside click, Cancel) always means "no". */
export const ConfirmAction = ({
  opened,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel,
  cancelLabel,
  color = 'red',
}: ConfirmActionProps) => {
  const { t } = useTranslation('components');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? t('confirm.title')}
      size="sm"
      centered
      zIndex={CONFIRM_Z_INDEX}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} data-autofocus>
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
};
