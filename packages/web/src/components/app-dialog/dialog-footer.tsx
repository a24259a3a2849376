import { Button, type ButtonProps, Group } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBug,
  IconDeviceFloppy,
  IconDownload,
  IconFileText,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A footer handler; if it returns a promise the button stays loading until it settles. */
export type DialogAction = () => unknown;

export const FOOTER_ACTIONS = [
  'archive',
  'unarchive',
  'delete',
  'sendError',
  'showDocument',
  'download',
  'cancel',
  'save',
] as const;
export type FooterAction = (typeof FOOTER_ACTIONS)[number];

const ICON_SIZE = 16;

const LOOKS: Record<FooterAction, { icon: ReactNode; props: ButtonProps }> = {
  archive: { icon: <IconArchive size={ICON_SIZE} />, props: { variant: 'default' } },
  unarchive: { icon: <IconArchiveOff size={ICON_SIZE} />, props: { variant: 'default' } },
  delete: { icon: <IconTrash size={ICON_SIZE} />, props: { variant: 'light', color: 'red' } },
  sendError: { icon: <IconBug size={ICON_SIZE} />, props: { variant: 'default' } },
  showDocument: { icon: <IconFileText size={ICON_SIZE} />, props: { variant: 'default' } },
  download: { icon: <IconDownload size={ICON_SIZE} />, props: { variant: 'default' } },
  cancel: { icon: <IconX size={ICON_SIZE} />, props: { variant: 'default' } },
  save: { icon: <IconDeviceFloppy size={ICON_SIZE} />, props: { variant: 'filled' } },
};

// Secondary actions sit on the left, the decision (cancel / save) on the right, as in most dialogs.
const END_ACTIONS: readonly FooterAction[] = ['cancel', 'save'];

export type DialogFooterProps = {
  actions: Partial<Record<FooterAction, DialogAction>>;
  onClick: (action: FooterAction) => void;
  isLoading: (action: FooterAction) => boolean;
  isDisabled: (action: FooterAction) => boolean;
  extra?: ReactNode;
  /** Nothing to cancel in a read-only dialog: Cancel reads "Close". */
  isReadOnly?: boolean;
};

export const DialogFooter = ({
  actions,
  onClick,
  isLoading,
  isDisabled,
  extra,
  isReadOnly = false,
}: DialogFooterProps) => {
  const { t } = useTranslation('components');
  const button = (action: FooterAction) =>
    actions[action] ? (
      <Button
        key={action}
        {...LOOKS[action].props}
        leftSection={LOOKS[action].icon}
        loading={isLoading(action)}
        disabled={isDisabled(action)}
        onClick={() => onClick(action)}
      >
        {t(action === 'cancel' && isReadOnly ? 'dialog.close' : `dialog.${action}`)}
      </Button>
    ) : null;
  return (
    <Group
      justify="space-between"
      gap="xs"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs">
        {extra}
        {FOOTER_ACTIONS.filter((action) => !END_ACTIONS.includes(action)).map(button)}
      </Group>
      <Group gap="xs">{END_ACTIONS.map(button)}</Group>
    </Group>
  );
};
