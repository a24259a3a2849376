import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * A short admin-managed list in a card (collections, departments): title, description, the add
 * button for those who may edit, and a table that scrolls sideways on narrow screens.
 */
export const AdminListCard = ({
  title,
  description,
  addLabel,
  onAdd,
  note,
  header,
  children,
  ...cardProps
}: {
  title: string;
  description: string;
  /** Without it (no permission to edit) there is no add button. */
  addLabel?: string;
  onAdd?: () => void;
  note?: ReactNode;
  /** The table's header row. */
  header: ReactNode;
  /** The table's rows. */
  children: ReactNode;
} & Omit<ComponentProps<typeof Card>, 'children' | 'title'>) => (
  <Card withBorder padding="md" {...cardProps}>
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {addLabel && onAdd && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Group>
      {note}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>{header}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  </Card>
);

/** A row's edit and delete buttons, named after the row ("Edit: Montasje") for screen readers. */
export const EditDeleteActions = ({
  name,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  isEditDisabled = false,
  isDeleteDisabled = false,
  deleteTooltip,
}: {
  name: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  isEditDisabled?: boolean;
  isDeleteDisabled?: boolean;
  /** Says why delete is disabled, shown while it is. */
  deleteTooltip?: string;
}) => (
  <Group gap={2} wrap="nowrap">
    <ActionIcon
      variant="subtle"
      aria-label={`${editLabel}: ${name}`}
      disabled={isEditDisabled}
      onClick={onEdit}
    >
      <IconPencil size={16} />
    </ActionIcon>
    <Tooltip label={deleteTooltip} disabled={!deleteTooltip || !isDeleteDisabled}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${deleteLabel}: ${name}`}
        disabled={isDeleteDisabled}
        onClick={onDelete}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  </Group>
);
