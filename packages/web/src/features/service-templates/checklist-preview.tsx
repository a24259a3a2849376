import type { ServiceAnswerDto, ServiceRowDto, ServiceTemplateFullDto } from '@karm/domain/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Chip,
  ColorSwatch,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCamera, IconExternalLink, IconPaperclip, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components';

/** What an answer picked asks of the technician next: a comment, a picture, a deviation. */
const Demands = ({ answers }: { answers: ServiceAnswerDto[] }) => {
  const { t } = useTranslation('serviceTemplates');
  const demands = [
    answers.some((answer) => answer.isCommentRequired) && t('preview.commentRequired'),
    answers.some((answer) => answer.isPictureRequired) && t('preview.pictureRequired'),
    answers.some((answer) => answer.isDeviationRequired) && t('preview.deviationRequired'),
  ].filter(Boolean);
  if (demands.length === 0) return null;
  return (
    <Stack gap={4}>
      {demands.map((demand) => (
        <Text key={String(demand)} size="xs" c="orange.8">
          {demand}
        </Text>
      ))}
      {answers.some((answer) => answer.isCommentRequired) && (
        <Textarea
          size="xs"
          aria-label={t('preview.comment')}
          placeholder={t('preview.comment')}
          autosize
          minRows={1}
        />
      )}
    </Stack>
  );
};

const AnswerChips = ({ row }: { row: ServiceRowDto }) => {
  const { t } = useTranslation('serviceTemplates');
  const [picked, setPicked] = useState<string[]>([]);
  const chosen = row.answers.filter((answer) => picked.includes(answer.id));
  const chips = row.answers.map((answer) => (
    <Chip key={answer.id} value={answer.id} color={answer.color} variant="filled" size="sm">
      <Group gap={6} wrap="nowrap" component="span">
        <ColorSwatch color={answer.color} size={10} withShadow={false} component="span" />
        {answer.name}
      </Group>
    </Chip>
  ));
  return (
    <Stack gap={4}>
      {row.answers.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('answers.none')}
        </Text>
      ) : row.type === 'multipleAnswers' ? (
        <Chip.Group multiple value={picked} onChange={setPicked}>
          <Group gap={6}>{chips}</Group>
        </Chip.Group>
      ) : (
        <Chip.Group value={picked[0] ?? null} onChange={(value) => setPicked(value ? [value] : [])}>
          <Group gap={6}>{chips}</Group>
        </Chip.Group>
      )}
      <Demands answers={chosen} />
    </Stack>
  );
};

/** The input a technician gets for a row of this type. */
const RowInput = ({ row }: { row: ServiceRowDto }) => {
  const { t } = useTranslation('serviceTemplates');
  const [date, setDate] = useState<string | null>(null);
  switch (row.type) {
    case 'text':
      return <Textarea size="xs" aria-label={row.name} autosize minRows={1} />;
    case 'number':
      return <NumberInput size="xs" aria-label={row.name} maw={200} decimalSeparator="," />;
    case 'date':
      return <DateInput size="xs" aria-label={row.name} value={date} onChange={setDate} maw={200} />;
    case 'singleAnswer':
    case 'multipleAnswers':
      return <AnswerChips row={row} />;
    case 'picture':
      return (
        <Button size="xs" variant="light" leftSection={<IconCamera size={14} />} w="fit-content">
          {t('preview.takePicture')}
        </Button>
      );
    case 'signature':
      return (
        <Paper withBorder h={70} radius="sm" p={6} style={{ borderStyle: 'dashed' }}>
          <Group gap={4} c="dimmed">
            <IconSignature size={14} />
            <Text size="xs">{t('preview.signHere')}</Text>
          </Group>
        </Paper>
      );
    case 'url':
      return <TextInput size="xs" aria-label={row.name} placeholder="https://" />;
  }
};

/**
 * SPEC §3 service template as a technician will answer it: the groups in order, each row with its
 * input, the answers as coloured buttons (what an answer asks for next shows once it is picked),
 * the note, the link and the attachment. It follows every change at once; nothing here is saved.
 */
export const ChecklistPreview = ({ template }: { template: ServiceTemplateFullDto }) => {
  const { t } = useTranslation('serviceTemplates');
  return (
    <Card withBorder padding="md" radius="md" data-checklist-preview>
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('preview.title')}
          </Text>
          <Title order={3} size="h4">
            {template.name}
          </Title>
          {template.info && (
            <Text size="sm" c="dimmed">
              {template.info}
            </Text>
          )}
        </div>
        {template.groups.map((group) => (
          <Box key={group.id}>
            <Group gap="xs" mb={4}>
              <Text fw={600}>{group.name}</Text>
              <Badge size="xs" variant="light" color="gray">
                {t(`groupTypes.${group.typeGroup}`)}
              </Badge>
            </Group>
            {group.info && (
              <Text size="xs" c="dimmed" mb={4}>
                {group.info}
              </Text>
            )}
            <Stack gap="xs">
              {group.rows.map((row) => (
                <Paper key={row.id} withBorder p="xs" radius="sm" data-preview-row={row.name}>
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    {row.note && (
                      <Text size="xs" c="dimmed">
                        {row.note}
                      </Text>
                    )}
                    <RowInput row={row} />
                    {(row.url || row.fileName) && (
                      <Group gap="sm">
                        {row.url && (
                          <Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="xs">
                            <Group gap={4} wrap="nowrap">
                              <IconExternalLink size={12} />
                              {t('preview.link')}
                            </Group>
                          </Anchor>
                        )}
                        {row.fileName && (
                          <Group gap={4} wrap="nowrap">
                            <IconPaperclip size={12} />
                            <Text size="xs">{row.fileName}</Text>
                          </Group>
                        )}
                      </Group>
                    )}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Card>
  );
};
