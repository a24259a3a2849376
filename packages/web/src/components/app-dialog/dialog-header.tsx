import { ActionIcon, Badge, Group, ThemeIcon, Title, Tooltip } from '@mantine/core';
import {
  IconLock,
  IconMaximize,
  IconMinimize,
  IconMinus,
  IconWindowMaximize,
  IconX,
} from '@tabler/icons-react';
import type { PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DialogHeaderProps = {
  titleId: string;
  title: ReactNode;
  isMinimised: boolean;
  isMaximised: boolean;
  onToggleMinimise: () => void;
  onToggleMaximise: () => void;
  onClose: () => void;
  closeDisabled: boolean;
  closeDisabledHint?: string;
  /** Says "Read only" beside the title. */
  isReadOnly?: boolean;
  onDragStart: (event: PointerEvent) => void;
};

const ICON_SIZE = 18;

export const DialogHeader = ({
  titleId,
  title,
  isMinimised,
  isMaximised,
  onToggleMinimise,
  onToggleMaximise,
  onClose,
  closeDisabled,
  closeDisabledHint,
  isReadOnly = false,
  onDragStart,
}: DialogHeaderProps) => {
  const { t } = useTranslation('components');
  const canDrag = !isMinimised && !isMaximised;
  const minimiseLabel = isMinimised ? t('dialog.restore') : t('dialog.minimise');
  const maximiseLabel = isMaximised ? t('dialog.restore') : t('dialog.maximise');
  return (
    <Group
      data-dialog-header
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="md"
      py="xs"
      onPointerDown={(event) => {
        // The buttons live in the header too; pressing one must not start a drag.
        if (canDrag && !(event.target as Element).closest('button, a, input')) onDragStart(event);
      }}
      style={{
        cursor: canDrag ? 'move' : undefined,
        userSelect: 'none',
        touchAction: 'none',
        borderBottom: isMinimised ? undefined : '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title id={titleId} order={4} lineClamp={1} style={{ minWidth: 0 }}>
          {title}
        </Title>
        {isReadOnly && (
          <>
            <Badge
              variant="light"
              color="gray"
              visibleFrom="sm"
              style={{ flexShrink: 0 }}
              data-read-only-badge
            >
              {t('dialog.readOnly')}
            </Badge>
            {/* On a phone the words would crowd out the title: a lock says it. */}
            <Tooltip label={t('dialog.readOnly')}>
              <ThemeIcon
                variant="light"
                color="gray"
                size="sm"
                hiddenFrom="sm"
                role="img"
                aria-label={t('dialog.readOnly')}
                style={{ flexShrink: 0 }}
              >
                <IconLock size={14} />
              </ThemeIcon>
            </Tooltip>
          </>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" aria-label={minimiseLabel} onClick={onToggleMinimise}>
          {isMinimised ? <IconWindowMaximize size={ICON_SIZE} /> : <IconMinus size={ICON_SIZE} />}
        </ActionIcon>
        {!isMinimised && (
          <ActionIcon variant="subtle" color="gray" aria-label={maximiseLabel} onClick={onToggleMaximise}>
            {isMaximised ? <IconMinimize size={ICON_SIZE} /> : <IconMaximize size={ICON_SIZE} />}
          </ActionIcon>
        )}
        <Tooltip label={closeDisabledHint ?? t('dialog.closeDisabledHint')} disabled={!closeDisabled}>
          {/* A disabled button fires no pointer events, so the wrapper is what shows the hint. */}
          <span data-close-wrapper style={{ display: 'inline-flex' }}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('dialog.close')}
              disabled={closeDisabled}
              onClick={onClose}
            >
              <IconX size={ICON_SIZE} />
            </ActionIcon>
          </span>
        </Tooltip>
      </Group>
    </Group>
  );
};
