import { CHECKLIST_LIMITS, type ChecklistItemDto, type ChecklistItemInput } from '@karm/domain/contract';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturesField } from './deviation-fields';

type Save = (change: Partial<ChecklistItemInput>) => Promise<void>;

/**
 * One item of a run: the answers as buttons in their colours (a tap saves), the comment and value
 * saved when the field is left, pictures, and — for an answer that asks for one — the deviation,
 * raised in one click and opened from here. `problem` is why the run cannot be completed yet.
 */
export const ChecklistItem = ({
  item,
  isLocked,
  problem,
  onSave,
  onRaiseDeviation,
  onOpenDeviation,
}: {
  item: ChecklistItemDto;
  isLocked: boolean;
  problem?: string;
  onSave: Save;
  onRaiseDeviation: () => void;
  onOpenDeviation: (id: string) => void;
}) => {
  const { t } = useTranslation('quality');
  const [comment, setComment] = useState(item.comment);
  const [value, setValue] = useState(item.value);
  // What the server answered (another item's save, another person) replaces what is shown.
  useEffect(() => setComment(item.comment), [item.comment]);
  useEffect(() => setValue(item.value), [item.value]);
  const picked = item.answers.filter((answer) => item.answerIds.includes(answer.id));
  const needsDeviation = picked.some((answer) => answer.isDeviationRequired);
  const isMultiple = item.type === 'multipleAnswers';
  const pick = (id: string) => {
    const chosen = item.answerIds.includes(id);
    const answerIds = isMultiple
      ? chosen
        ? item.answerIds.filter((other) => other !== id)
        : [...item.answerIds, id]
      : chosen
        ? []
        : [id];
    void onSave({ answerIds });
  };
  return (
    <Paper withBorder p="sm" radius="sm" data-checklist-item={item.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={500} size="sm">
              {item.name}
            </Text>
            {item.note && (
              <Text size="xs" c="dimmed">
                {item.note}
              </Text>
            )}
          </div>
          {item.answeredByName && (
            <Text size="xs" c="dimmed" ta="right">
              {item.answeredByName}
            </Text>
          )}
        </Group>
        {item.answers.length > 0 ? (
          <Group gap={6} role="group" aria-label={item.name}>
            {item.answers.map((answer) => {
              const isPicked = item.answerIds.includes(answer.id);
              return (
                <Button
                  key={answer.id}
                  size="compact-sm"
                  color={answer.color}
                  variant={isPicked ? 'filled' : 'outline'}
                  leftSection={isPicked ? <IconCheck size={14} /> : undefined}
                  aria-pressed={isPicked}
                  disabled={isLocked}
                  onClick={() => pick(answer.id)}
                >
                  {answer.name}
                </Button>
              );
            })}
          </Group>
        ) : (
          <TextInput
            aria-label={item.name}
            size="xs"
            value={value}
            maxLength={CHECKLIST_LIMITS.value}
            disabled={isLocked}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => value !== item.value && void onSave({ value })}
          />
        )}
        {(!isLocked || item.comment) && (
          <Textarea
            size="xs"
            aria-label={t('checklists.comment')}
            placeholder={t('checklists.comment')}
            autosize
            minRows={1}
            maxLength={CHECKLIST_LIMITS.comment}
            value={comment}
            disabled={isLocked}
            onChange={(event) => setComment(event.currentTarget.value)}
            onBlur={() => comment.trim() !== item.comment && void onSave({ comment })}
          />
        )}
        {(!isLocked || item.pictureIds.length > 0) && (
          <PicturesField
            value={item.pictureIds}
            disabled={isLocked}
            onChange={(pictureIds) => void onSave({ pictureIds })}
          />
        )}
        {item.deviationId ? (
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconAlertTriangle size={14} />}
              onClick={() => onOpenDeviation(item.deviationId!)}
            >
              {t('checklists.openDeviation', { number: item.deviationNumber })}
            </Button>
          </Group>
        ) : (
          needsDeviation &&
          !isLocked && (
            <Group>
              <Button
                size="compact-sm"
                color="red"
                leftSection={<IconAlertTriangle size={14} />}
                onClick={onRaiseDeviation}
              >
                {t('checklists.raiseDeviation')}
              </Button>
            </Group>
          )
        )}
        {problem && (
          <Text size="xs" c="red" data-item-problem>
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
