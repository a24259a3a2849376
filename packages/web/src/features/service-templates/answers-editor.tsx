import {
  DEFAULT_SERVICE_ANSWER_COLOR,
  SERVICE_TEMPLATE_LIMITS,
  type ServiceAnswerDto,
  type ServiceRowDto,
} from '@karm/domain/contract';
import { canAddEntry, isHexColour, isPositiveAnswer } from '@karm/domain/rules';
import {
  ActionIcon,
  Badge,
  Button,
  Chip,
  ColorInput,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCirclePlus, IconListCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components';
import { InlineText } from './inline-text';
import {
  copyAnswersFromGlobalGroup,
  createServiceEntity,
  deleteServiceEntity,
  reorderServiceAnswers,
  updateServiceEntity,
  useGlobalAnswerGroups,
} from './service-templates-api';
import { SortableList } from './sortable-list';
import type { useTemplateAction } from './use-template-action';

/** The colours an administrator picks most: OK green, fault red, remark orange, info blue, neutral grey. */
export const ANSWER_SWATCHES = ['#2f9e44', '#e03131', '#f08c00', '#1c7ed6', DEFAULT_SERVICE_ANSWER_COLOR];

const FLAGS = ['isCommentRequired', 'isPictureRequired', 'isDeviationRequired'] as const;
type Flag = (typeof FLAGS)[number];

type Act = ReturnType<typeof useTemplateAction>;

/** The colour field of an answer (or a function status): the picker with the usual swatches. */
export const AnswerColourInput = ({
  label,
  value,
  onChange,
  onChangeEnd,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onChangeEnd?: (value: string) => void;
  onBlur?: () => void;
}) => (
  <ColorInput
    aria-label={label}
    size="xs"
    w={110}
    format="hex"
    swatches={ANSWER_SWATCHES}
    swatchesPerRow={5}
    closeOnColorSwatchClick
    withEyeDropper={false}
    value={value}
    onChange={onChange}
    onChangeEnd={onChangeEnd}
    onBlur={onBlur}
  />
);

type AnswerChanges = Partial<Pick<ServiceAnswerDto, 'name' | 'color' | Flag>>;

/**
 * One answer in place: its place, colour (picker with the usual swatches), name and what it asks
 * for; a warning when it stands first and is not a positive OK value (SPEC §5). Used for a row's
 * answers and for the global sets alike.
 */
export const AnswerLine = ({
  answer,
  handle,
  isFirst,
  onUpdate,
  onDelete,
}: {
  answer: ServiceAnswerDto;
  handle: React.ReactNode;
  isFirst: boolean;
  onUpdate: (changes: AnswerChanges) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const confirm = useConfirm();
  const [colour, setColour] = useState(answer.color);
  useEffect(() => setColour(answer.color), [answer.color]);
  const saveColour = (value: string) => {
    if (isHexColour(value) && value.toLowerCase() !== answer.color.toLowerCase())
      void onUpdate({ color: value });
  };
  const remove = async () => {
    const isConfirmed = await confirm({
      title: t('answers.deleteTitle'),
      message: t('answers.deleteMessage', { name: answer.name }),
      confirmLabel: t('delete'),
    });
    if (isConfirmed) await onDelete();
  };
  return (
    <Stack gap={2} py={2} data-answer={answer.name}>
      <Group gap={6} wrap="nowrap">
        {handle}
        <Text size="xs" c="dimmed" w={16} ta="right">
          {answer.position + 1}
        </Text>
        <AnswerColourInput
          label={t('answers.colour', { name: answer.name })}
          value={colour}
          onChange={setColour}
          onChangeEnd={saveColour}
          onBlur={() => saveColour(colour)}
        />
        <InlineText
          label={t('answers.name')}
          value={answer.name}
          isRequired
          maxLength={SERVICE_TEMPLATE_LIMITS.name}
          size="xs"
          style={{ flex: 1, minWidth: 80 }}
          onSave={(name) => onUpdate({ name })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('answers.delete', { name: answer.name })}
          onClick={() => void remove()}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Group>
      <Group gap={4} pl={{ base: 22, sm: 50 }} wrap="wrap">
        {FLAGS.map((flag) => (
          <Chip
            key={flag}
            size="xs"
            checked={answer[flag]}
            onChange={(checked) => void onUpdate({ [flag]: checked })}
          >
            {t(`answers.flags.${flag}`)}
          </Chip>
        ))}
        {isFirst && !isPositiveAnswer(answer) && (
          <Tooltip label={t('firstAnswer.warning')} multiline w={260}>
            <Badge
              color="orange"
              variant="light"
              leftSection={<IconAlertTriangle size={12} />}
              data-first-not-ok
            >
              {t('firstAnswer.badge')}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
};

/** A new answer: added only with both a name and a colour (SPEC §5 add-field helper). */
export const NewAnswer = ({
  listName,
  onAdd,
}: {
  listName: string;
  /** Adds it; answers whether it was added (then the fields empty). */
  onAdd: (answer: { name: string; color: string }) => Promise<unknown>;
}) => {
  const { t } = useTranslation('serviceTemplates');
  const [name, setName] = useState('');
  const [colour, setColour] = useState(DEFAULT_SERVICE_ANSWER_COLOR);
  const mayAdd = canAddEntry([{ name, value: isHexColour(colour) ? colour : '' }]);
  const add = async () => {
    if (!mayAdd) return;
    if (await onAdd({ name: name.trim(), color: colour })) {
      setName('');
      setColour(DEFAULT_SERVICE_ANSWER_COLOR);
    }
  };
  return (
    <Group gap={6} wrap="wrap">
      <AnswerColourInput
        label={t('answers.newColour', { list: listName })}
        value={colour}
        onChange={setColour}
      />
      <TextInput
        aria-label={t('answers.newName', { list: listName })}
        placeholder={t('answers.newPlaceholder')}
        size="xs"
        maxLength={SERVICE_TEMPLATE_LIMITS.name}
        style={{ flex: 1 }}
        miw={140}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void add();
        }}
      />
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCirclePlus size={14} />}
        disabled={!mayAdd}
        onClick={() => void add()}
      >
        {t('answers.add')}
      </Button>
    </Group>
  );
};

/** What reaches the server for each change of an answer list; `act` asks about position 1 when refused. */
type AnswerListSend<Result> = {
  reorder: (ids: string[], isNotOkFirstConfirmed: boolean) => Promise<Result>;
  update: (
    answer: ServiceAnswerDto,
    changes: AnswerChanges,
    isNotOkFirstConfirmed: boolean,
  ) => Promise<Result>;
  remove: (answer: ServiceAnswerDto, isNotOkFirstConfirmed: boolean) => Promise<Result>;
  add: (fields: { name: string; color: string }, isNotOkFirstConfirmed: boolean) => Promise<Result>;
};

/**
 * The answers of a row or of a global set: ordered by dragging (or the keyboard), each edited in
 * place, a new one added last. The new order shows at once (`onReordered`), before the server answers.
 */
export const AnswerList = <Result,>({
  answers,
  listName,
  isReadOnly,
  act,
  send,
  onReordered,
}: {
  answers: ServiceAnswerDto[];
  listName: string;
  isReadOnly: boolean;
  act: (
    run: (isNotOkFirstConfirmed: boolean) => Promise<Result>,
    savedText?: string,
  ) => Promise<Result | null>;
  send: AnswerListSend<Result>;
  onReordered: (ids: string[]) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  return (
    <>
      <SortableList
        items={answers}
        isDisabled={isReadOnly}
        onReorder={(ids) => {
          onReordered(ids);
          void act((confirmed) => send.reorder(ids, confirmed), t('reordered'));
        }}
      >
        {(answer, handle, index) => (
          <AnswerLine
            answer={answer}
            handle={handle}
            isFirst={index === 0}
            onUpdate={(changes) => act((confirmed) => send.update(answer, changes, confirmed))}
            onDelete={() => act((confirmed) => send.remove(answer, confirmed), t('deleted'))}
          />
        )}
      </SortableList>
      {!isReadOnly && (
        <NewAnswer
          listName={listName}
          onAdd={(fields) => act((confirmed) => send.add(fields, confirmed), t('answers.added'))}
        />
      )}
    </>
  );
};

/** "Add answers from a global group": the set's answers after the row's own. */
const FromGlobalGroup = ({ row, act }: { row: ServiceRowDto; act: Act }) => {
  const { t } = useTranslation('serviceTemplates');
  const groups = useGlobalAnswerGroups();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="subtle"
          h="auto"
          py={4}
          leftSection={<IconListCheck size={14} />}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {t('answers.fromGlobal')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(groups.data ?? []).map((group) => (
          <Menu.Item
            key={group.id}
            onClick={() =>
              void act(
                (isNotOkFirstConfirmed) =>
                  copyAnswersFromGlobalGroup({
                    rowId: row.id,
                    globalGroupId: group.id,
                    isNotOkFirstConfirmed,
                  }),
                t('answers.copied', { name: group.name }),
              )
            }
          >
            {group.name}
          </Menu.Item>
        ))}
        {groups.data?.length === 0 && <Menu.Label>{t('global.empty')}</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The answers of a row of an answer type: ordered by dragging, each edited in place. */
export const AnswersEditor = ({
  row,
  isReadOnly,
  act,
  onReordered,
}: {
  row: ServiceRowDto;
  isReadOnly: boolean;
  act: Act;
  /** Shows the new order at once, before the server has answered. */
  onReordered: (ids: string[]) => void;
}) => {
  const { t } = useTranslation('serviceTemplates');
  return (
    <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-default-hover)" data-answers-of={row.name}>
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed">
          {t('answers.title')}
        </Text>
        {row.answers.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('answers.none')}
          </Text>
        )}
        <AnswerList
          answers={row.answers}
          listName={row.name}
          isReadOnly={isReadOnly}
          act={act}
          onReordered={onReordered}
          send={{
            reorder: (ids, isNotOkFirstConfirmed) =>
              reorderServiceAnswers({ rowId: row.id, ids, isNotOkFirstConfirmed }),
            update: (answer, changes, isNotOkFirstConfirmed) =>
              updateServiceEntity({
                entity: 'answer',
                id: answer.id,
                version: answer.version,
                changes,
                isNotOkFirstConfirmed,
              }),
            remove: (answer, isNotOkFirstConfirmed) =>
              deleteServiceEntity({
                entity: 'answer',
                id: answer.id,
                version: answer.version,
                isNotOkFirstConfirmed,
              }),
            add: (fields, isNotOkFirstConfirmed) =>
              createServiceEntity({ entity: 'answer', rowId: row.id, ...fields, isNotOkFirstConfirmed }),
          }}
        />
        {!isReadOnly && <FromGlobalGroup row={row} act={act} />}
      </Stack>
    </Paper>
  );
};
