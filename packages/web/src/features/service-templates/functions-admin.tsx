import { SERVICE_TEMPLATE_LIMITS, type ServiceFunctionsDto } from '@karm/domain/contract';
import { isHexColour } from '@karm/domain/rules';
import { ActionIcon, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyFieldset, useConfirm } from '@/components';
import { useCan } from '@/lib/permissions';
import { AnswerColourInput } from './answers-editor';
import { InlineText } from './inline-text';
import {
  createFunctionEntry,
  deleteFunctionEntry,
  type FunctionList,
  serviceTemplateKeys,
  updateFunctionEntry,
  useServiceFunctions,
  useServiceTemplatePushes,
} from './service-templates-api';
import { useListAction } from './use-template-action';

type Act = ReturnType<typeof useListAction<ServiceFunctionsDto>>;
type Entry = { id: string; name: string; version: number; color?: string };

/** One entry of a function list in place: its name (a status also its colour) and delete, asked first. */
const EntryLine = ({ list, entry, act }: { list: FunctionList; entry: Entry; act: Act }) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const [colour, setColour] = useState(entry.color ?? '');
  useEffect(() => setColour(entry.color ?? ''), [entry.color]);
  const update = (changes: { name?: string; color?: string }) =>
    act(() => updateFunctionEntry(list, { id: entry.id, version: entry.version, changes }));
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('functions.deleteTitle'),
      message: t('functions.deleteMessage', { name: entry.name }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed) await act(() => deleteFunctionEntry(list, entry), t('deleted'));
  };
  return (
    <Group gap={6} wrap="nowrap" data-function-entry={entry.name}>
      {entry.color !== undefined && (
        <AnswerColourInput
          label={t('answers.colour', { name: entry.name })}
          value={colour}
          onChange={setColour}
          onChangeEnd={(value) =>
            isHexColour(value) && value !== entry.color && void update({ color: value })
          }
        />
      )}
      <InlineText
        label={t('functions.name')}
        value={entry.name}
        isRequired
        maxLength={SERVICE_TEMPLATE_LIMITS.name}
        size="xs"
        style={{ flex: 1 }}
        onSave={(name) => update({ name })}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('functions.delete', { name: entry.name })}
        onClick={() => void remove()}
      >
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
};

const NewEntry = ({ label, onAdd }: { label: string; onAdd: (name: string) => Promise<unknown> }) => {
  const { t } = useTranslation('serviceTemplates');
  const [name, setName] = useState('');
  const add = async () => {
    if (name.trim() && (await onAdd(name.trim()))) setName('');
  };
  return (
    <Group gap={6}>
      <TextInput
        aria-label={label}
        placeholder={label}
        size="xs"
        style={{ flex: 1 }}
        maxLength={SERVICE_TEMPLATE_LIMITS.name}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      <ActionIcon
        variant="light"
        aria-label={`${t('functions.add')}: ${label}`}
        disabled={!name.trim()}
        onClick={() => void add()}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
};

/**
 * Function groups, functions and function statuses (SPEC §3): what a checklist row may point at —
 * an automatic door's sensors, drive unit, emergency opening — and what a technician records of a
 * function (working, fault, replaced). A function rows use is kept until they point elsewhere.
 */
export const FunctionsAdmin = () => {
  const { t } = useTranslation('serviceTemplates');
  const isReadOnly = !useCan('service-templates.write');
  useServiceTemplatePushes();
  const functions = useServiceFunctions();
  const act = useListAction<ServiceFunctionsDto>(serviceTemplateKeys.functions());
  if (!functions.data) return <Loader />;
  return (
    <Stack gap="sm">
      <div>
        <Title order={4}>{t('functions.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('functions.description')}
        </Text>
      </div>
      <ReadOnlyFieldset readOnly={isReadOnly}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            {functions.data.groups.map((group) => (
              <Card key={group.id} withBorder padding="sm" data-function-group={group.name}>
                <Stack gap={6}>
                  <EntryLine list="function-groups" entry={group} act={act} />
                  <Stack gap={4} pl="md">
                    {group.functions.map((fn) => (
                      <EntryLine key={fn.id} list="functions" entry={fn} act={act} />
                    ))}
                    {!isReadOnly && (
                      <NewEntry
                        label={t('functions.newFunction', { group: group.name })}
                        onAdd={(name) =>
                          act(
                            () => createFunctionEntry('functions', { groupId: group.id, name }),
                            t('functions.added'),
                          )
                        }
                      />
                    )}
                  </Stack>
                </Stack>
              </Card>
            ))}
            {!isReadOnly && (
              <NewEntry
                label={t('functions.newGroup')}
                onAdd={(name) =>
                  act(() => createFunctionEntry('function-groups', { name }), t('functions.added'))
                }
              />
            )}
          </Stack>
          <Card withBorder padding="sm">
            <Stack gap={6}>
              <Text fw={600}>{t('functions.statuses')}</Text>
              {functions.data.statuses.map((status) => (
                <EntryLine key={status.id} list="function-statuses" entry={status} act={act} />
              ))}
              {!isReadOnly && (
                <NewEntry
                  label={t('functions.newStatus')}
                  onAdd={(name) =>
                    act(() => createFunctionEntry('function-statuses', { name }), t('functions.added'))
                  }
                />
              )}
            </Stack>
          </Card>
        </SimpleGrid>
      </ReadOnlyFieldset>
    </Stack>
  );
};
