import { type GlobalAnswerGroupDto, SERVICE_TEMPLATE_LIMITS } from '@karm/domain/contract';
import { ActionIcon, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyFieldset, useConfirm } from '@/components';
import { useCan } from '@/lib/permissions';
import { AnswerList } from './answers-editor';
import { InlineText } from './inline-text';
import {
  createGlobalAnswer,
  createGlobalAnswerGroup,
  deleteGlobalAnswer,
  deleteGlobalAnswerGroup,
  renameGlobalAnswerGroup,
  reorderGlobalAnswerGroups,
  reorderGlobalAnswers,
  serviceTemplateKeys,
  updateGlobalAnswer,
  useGlobalAnswerGroups,
  useServiceTemplatePushes,
} from './service-templates-api';
import { SortableList } from './sortable-list';
import { useListAction } from './use-template-action';

type Act = ReturnType<typeof useListAction<GlobalAnswerGroupDto[]>>;

const positioned = <Item extends { id: string }>(items: Item[], ids: string[]) =>
  ids
    .flatMap((id) => items.filter((item) => item.id === id))
    .map((item, position) => ({ ...item, position }));

const AnswerSet = ({
  group,
  handle,
  act,
  isReadOnly,
  onAnswersReordered,
}: {
  group: GlobalAnswerGroupDto;
  handle: React.ReactNode;
  act: Act;
  isReadOnly: boolean;
  onAnswersReordered: (ids: string[]) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('global.deleteTitle'),
      message: t('global.deleteMessage', { name: group.name }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed) await act(() => deleteGlobalAnswerGroup(group), t('deleted'));
  };
  return (
    <Card withBorder padding="sm" radius="md" mb="sm" data-global-group={group.name}>
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          {handle}
          <InlineText
            label={t('global.name')}
            value={group.name}
            isRequired
            maxLength={SERVICE_TEMPLATE_LIMITS.name}
            fw={600}
            style={{ flex: 1 }}
            onSave={(name) =>
              act(() => renameGlobalAnswerGroup({ id: group.id, version: group.version, name }))
            }
          />
          {!isReadOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('global.delete', { name: group.name })}
              onClick={() => void remove()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <AnswerList
          answers={group.answers}
          listName={group.name}
          isReadOnly={isReadOnly}
          act={act}
          onReordered={onAnswersReordered}
          send={{
            reorder: (ids, isNotOkFirstConfirmed) =>
              reorderGlobalAnswers({ groupId: group.id, ids, isNotOkFirstConfirmed }),
            update: (answer, changes, isNotOkFirstConfirmed) =>
              updateGlobalAnswer({ id: answer.id, version: answer.version, changes, isNotOkFirstConfirmed }),
            remove: (answer, isNotOkFirstConfirmed) =>
              deleteGlobalAnswer({ id: answer.id, version: answer.version, isNotOkFirstConfirmed }),
            add: (fields, isNotOkFirstConfirmed) =>
              createGlobalAnswer({ groupId: group.id, ...fields, isNotOkFirstConfirmed }),
          }}
        />
      </Stack>
    </Card>
  );
};

/**
 * Global answers (SPEC §3): answer sets — "OK / Not OK / Not applicable", "Approved / Remarks / Not
 * approved" — that the editor copies into a row in one step. Sets and their answers are ordered by
 * dragging; like a row's, a set's first answer should be its positive OK value.
 */
export const GlobalAnswersAdmin = () => {
  const { t } = useTranslation('serviceTemplates');
  const isReadOnly = !useCan('service-templates.write');
  const queryClient = useQueryClient();
  useServiceTemplatePushes();
  const groups = useGlobalAnswerGroups();
  const key = serviceTemplateKeys.globalAnswers();
  const act = useListAction<GlobalAnswerGroupDto[]>(key);
  const [name, setName] = useState('');
  const setOrder = (update: (list: GlobalAnswerGroupDto[]) => GlobalAnswerGroupDto[]) =>
    queryClient.setQueryData<GlobalAnswerGroupDto[]>(key, (list) => (list ? update(list) : list));
  const add = async () => {
    if (!name.trim()) return;
    if (await act(() => createGlobalAnswerGroup(name.trim()), t('global.added'))) setName('');
  };
  if (!groups.data) return <Loader />;
  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>{t('global.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('global.description')}
        </Text>
      </div>
      <ReadOnlyFieldset readOnly={isReadOnly}>
        <SortableList
          items={groups.data}
          isDisabled={isReadOnly}
          onReorder={(ids) => {
            setOrder((list) => positioned(list, ids));
            void act(() => reorderGlobalAnswerGroups(ids), t('reordered'));
          }}
        >
          {(group, handle) => (
            <AnswerSet
              group={group}
              handle={handle}
              act={act}
              isReadOnly={isReadOnly}
              onAnswersReordered={(ids) =>
                setOrder((list) =>
                  list.map((entry) =>
                    entry.id === group.id ? { ...entry, answers: positioned(entry.answers, ids) } : entry,
                  ),
                )
              }
            />
          )}
        </SortableList>
        {!isReadOnly && (
          <Group gap="xs">
            <TextInput
              aria-label={t('global.newName')}
              placeholder={t('global.newPlaceholder')}
              maxLength={SERVICE_TEMPLATE_LIMITS.name}
              style={{ flex: 1 }}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void add();
              }}
            />
            <Button leftSection={<IconPlus size={16} />} disabled={!name.trim()} onClick={() => void add()}>
              {t('global.add')}
            </Button>
          </Group>
        )}
      </ReadOnlyFieldset>
    </Stack>
  );
};
