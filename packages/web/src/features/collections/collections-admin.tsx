import {
  COLLECTION_LIMITS,
  COLLECTIONS,
  type CollectionName,
  type CollectionTab,
  type CollectionValueDto,
  collectionsOfTab,
} from '@karm/domain/contract';
import { ActionIcon, Anchor, Badge, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AdminItemDialog,
  AdminListCard,
  deleteOrOfferDeactivate,
  EditDeleteActions,
  notifySaving,
  useConfirm,
} from '@/components';
import { useCollection, useCollectionMutations } from '@/lib/api/collections';
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
  const trimmed = { en: labels.en.trim(), nb: labels.nb.trim() };
  const isValid = () => {
    const missing = {
      ...(trimmed.en === '' && { en: t('validation:required') }),
      ...(trimmed.nb === '' && { nb: t('validation:required') }),
    };
    setErrors(missing);
    return !missing.en && !missing.nb;
  };
  return (
    <AdminItemDialog
      title={editing.mode === 'add' ? t('addTitle', { name: t(`names.${collection}`) }) : t('editTitle')}
      savedMessage={t('saved')}
      saving={add.isPending || update.isPending}
      isValid={isValid}
      write={() =>
        editing.mode === 'add'
          ? add.mutateAsync({ collection, values: trimmed })
          : update.mutateAsync({
              collection,
              key: editing.value.key,
              version: editing.value.version,
              values: { labels: trimmed },
            })
      }
      onClose={onClose}
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
    </AdminItemDialog>
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

  const move = (from: number, to: number) => {
    const keys = values.map((value) => value.key);
    const [moved] = keys.splice(from, 1);
    if (moved === undefined) return;
    keys.splice(to, 0, moved);
    void notifySaving(() => reorder.mutateAsync({ collection, keys }), t('saved'));
  };

  const setActive = (value: CollectionValueDto, isActive: boolean) =>
    notifySaving(
      () => update.mutateAsync({ collection, key: value.key, version: value.version, values: { isActive } }),
      isActive ? t('saved') : t('deactivated'),
    );

  const askDelete = (value: CollectionValueDto) => {
    const label = labelOf(value);
    return deleteOrOfferDeactivate({
      confirm,
      texts: {
        deleteTitle: t('delete'),
        deleteConfirm: t('deleteConfirm', { label }),
        deleted: t('deleted'),
        inUseTitle: t('inUseTitle'),
        inUse: (count) => t('inUse', { label, count }),
        deactivate: t('deactivate'),
      },
      remove: () => remove.mutateAsync({ collection, key: value.key, version: value.version }),
      deactivate: () => setActive(value, false),
    });
  };

  return (
    <>
      <AdminListCard
        data-collection={collection}
        title={t(`names.${collection}`)}
        description={t(`descriptions.${collection}`)}
        {...(isEditable && { addLabel: t('add'), onAdd: () => setEditing({ mode: 'add' }) })}
        header={
          <>
            <Table.Th w={80}>{t('columns.order')}</Table.Th>
            <Table.Th>{t('columns.labelEn')}</Table.Th>
            <Table.Th>{t('columns.labelNb')}</Table.Th>
            <Table.Th w={80}>{t('columns.active')}</Table.Th>
            {isEditable && <Table.Th w={90}>{t('columns.actions')}</Table.Th>}
          </>
        }
      >
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
                <EditDeleteActions
                  name={labelOf(value)}
                  editLabel={t('edit')}
                  deleteLabel={t('delete')}
                  onEdit={() => setEditing({ mode: 'edit', value })}
                  onDelete={() => void askDelete(value)}
                  isDeleteDisabled={value.isBuiltIn}
                  deleteTooltip={t('builtInNoDelete')}
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </AdminListCard>
      {editing && <ValueDialog collection={collection} editing={editing} onClose={() => setEditing(null)} />}
    </>
  );
};

/**
 * The admin tab "inquiry" or "projects": the lists that tab owns (contract/collections.ts), then what
 * the tab adds of its own (the projects tab: departments). Door types are not a list here: each is a
 * row of prices, edited in the price matrix, which the projects tab links to.
 */
export const CollectionsAdmin = ({
  tab,
  priceMatrixPath,
  children,
}: {
  tab: CollectionTab;
  priceMatrixPath?: string;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('collections');
  return (
    <Stack gap="md">
      {collectionsOfTab(tab).map((collection) => (
        <CollectionList key={collection} collection={collection} />
      ))}
      {children}
      {priceMatrixPath && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('notCollections')}
          </Text>
          <Anchor component={Link} to={priceMatrixPath} size="sm">
            {t('openPriceMatrix')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
};
