import {
  COLLECTION_LIMITS,
  COLLECTIONS,
  type CollectionName,
  type CollectionTab,
  type CollectionValueDto,
  collectionsOfTab,
} from '@karm/domain/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess, useConfirm } from '@/components';
import { useCollection, useCollectionMutations } from '@/lib/api/collections';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';

type Editing = { mode: 'add' } | { mode: 'edit'; value: CollectionValueDto };

/** Adds a value or renames one: both languages, each required. */
const ValueDialog = ({
  collection,
  editing,
  onClose,
}: {
  collection: CollectionName;
  editing: Editing;
  onClose: () => void;
}) => {
  const { t } = useTranslation('collections');
  const { add, update } = useCollectionMutations();
  const initial = editing.mode === 'edit' ? editing.value.labels : { en: '', nb: '' };
  const [labels, setLabels] = useState(initial);
  const [errors, setErrors] = useState<{ en?: string; nb?: string }>({});
  const save = async () => {
    const trimmed = { en: labels.en.trim(), nb: labels.nb.trim() };
    const missing = {
      ...(trimmed.en === '' && { en: t('validation:required') }),
      ...(trimmed.nb === '' && { nb: t('validation:required') }),
    };
    setErrors(missing);
    if (missing.en || missing.nb) return;
    try {
      if (editing.mode === 'add') await add.mutateAsync({ collection, values: trimmed });
      else
        await update.mutateAsync({
          collection,
          key: editing.value.key,
          version: editing.value.version,
          values: { labels: trimmed },
        });
      notifySuccess(t('saved'));
      onClose();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <AppDialog
      opened
      size="sm"
      title={editing.mode === 'add' ? t('addTitle', { name: t(`names.${collection}`) }) : t('editTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={add.isPending || update.isPending}
    >
      <Stack gap="sm">
        <TextInput
          label={t('columns.labelEn')}
          withAsterisk
          data-autofocus
          maxLength={COLLECTION_LIMITS.labelLength}
          value={labels.en}
          error={errors.en}
          onChange={(event) => setLabels({ ...labels, en: event.currentTarget.value })}
        />
        <TextInput
          label={t('columns.labelNb')}
          withAsterisk
          maxLength={COLLECTION_LIMITS.labelLength}
          value={labels.nb}
          error={errors.nb}
          onChange={(event) => setLabels({ ...labels, nb: event.currentTarget.value })}
        />
      </Stack>
    </AppDialog>
  );
};

/** One list: its values in order with both labels, the active switch, reorder, rename and delete. */
export const CollectionList = ({ collection }: { collection: CollectionName }) => {
  const { t, i18n } = useTranslation('collections');
  const isEditable = useCan(COLLECTIONS[collection].permission);
  const list = useCollection(collection);
  const { update, remove, reorder } = useCollectionMutations();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The admin list shows only the company's own list, never the built-in stand-ins the selects use.
  const values = list.isLoaded ? list.values : [];
  const labelOf = (value: CollectionValueDto) => (i18n.language === 'nb' ? value.labels.nb : value.labels.en);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notifySuccess(success);
    } catch (error) {
      notifyError(error);
    }
  };

  const move = (from: number, to: number) => {
    const keys = values.map((value) => value.key);
    const [moved] = keys.splice(from, 1);
    if (moved === undefined) return;
    keys.splice(to, 0, moved);
    void run(() => reorder.mutateAsync({ collection, keys }), t('saved'));
  };

  const setActive = (value: CollectionValueDto, isActive: boolean) =>
    run(
      () => update.mutateAsync({ collection, key: value.key, version: value.version, values: { isActive } }),
      isActive ? t('saved') : t('deactivated'),
    );

  const askDelete = async (value: CollectionValueDto) => {
    const label = labelOf(value);
    const isConfirmed = await confirm({
      title: t('delete'),
      message: t('deleteConfirm', { label }),
      confirmLabel: t('delete'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ collection, key: value.key, version: value.version });
      notifySuccess(t('deleted'));
    } catch (error) {
      const details = error instanceof ApiError ? (error.details as { reason?: string; usage?: number }) : {};
      if (details?.reason !== 'valueInUse') {
        notifyError(error);
        return;
      }
      // In use: say so and offer what is allowed instead.
      const shouldDeactivate = await confirm({
        title: t('inUseTitle'),
        message: t('inUse', { label, count: details.usage ?? 0 }),
        confirmLabel: t('deactivate'),
      });
      if (shouldDeactivate) await setActive(value, false);
    }
  };

  return (
    <Card withBorder padding="md" data-collection={collection}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={4}>{t(`names.${collection}`)}</Title>
            <Text size="sm" c="dimmed">
              {t(`descriptions.${collection}`)}
            </Text>
          </div>
          {isEditable && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ mode: 'add' })}
            >
              {t('add')}
            </Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>{t('columns.order')}</Table.Th>
                <Table.Th>{t('columns.labelEn')}</Table.Th>
                <Table.Th>{t('columns.labelNb')}</Table.Th>
                <Table.Th w={80}>{t('columns.active')}</Table.Th>
                {isEditable && <Table.Th w={90}>{t('columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((value, index) => (
                <Table.Tr
                  key={value.key}
                  data-value-key={value.key}
                  style={value.isActive ? undefined : { opacity: 0.6 }}
                >
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('moveUp')}: ${labelOf(value)}`}
                        disabled={!isEditable || index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('moveDown')}: ${labelOf(value)}`}
                        disabled={!isEditable || index === values.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm">{value.labels.en}</Text>
                      {value.isBuiltIn && (
                        // Never cut short: beside a long label it moves below it.
                        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                          {t('builtInBadge')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{value.labels.nb}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${t('columns.active')}: ${labelOf(value)}`}
                      checked={value.isActive}
                      disabled={!isEditable}
                      onChange={(event) => void setActive(value, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  {isEditable && (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('edit')}: ${labelOf(value)}`}
                          onClick={() => setEditing({ mode: 'edit', value })}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <Tooltip label={t('builtInNoDelete')} disabled={!value.isBuiltIn}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t('delete')}: ${labelOf(value)}`}
                            disabled={value.isBuiltIn}
                            onClick={() => void askDelete(value)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {editing && <ValueDialog collection={collection} editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
};

/** The admin tab "inquiry" or "projects": the lists that tab owns (contract/collections.ts). */
export const CollectionsAdmin = ({ tab }: { tab: CollectionTab }) => {
  const { t } = useTranslation('collections');
  return (
    <Stack gap="md">
      {collectionsOfTab(tab).map((collection) => (
        <CollectionList key={collection} collection={collection} />
      ))}
      {tab === 'projects' && (
        <Text size="sm" c="dimmed">
          {t('notCollections')}
        </Text>
      )}
    </Stack>
  );
};
