import type {
  ProjectServiceAnswerDto,
  ProjectServiceRowDto,
  UserAnswerCreateInput,
  UserAnswerDto,
  UserAnswerPatchInput,
} from '@karm/domain/contract';
import { Anchor, Badge, Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateInput, notifyError, notifySaving } from '@/components';
import { CameraButton, PictureThumb } from './answer-pictures';
import { uploadServicePicture, useAnswerCall } from './service-answers-api';
import { SignaturePad } from './signature-pad';

type Values = Omit<UserAnswerCreateInput, 'serviceItemId' | 'projectRowId' | 'replaces'>;

/** A picture taken and stored, waiting to go with the answer; the upload toast says what failed. */
const useUpload = () => {
  const [isUploading, setUploading] = useState(false);
  const upload = async (file: Blob, name: string) => {
    setUploading(true);
    try {
      return (await uploadServicePicture(file, name)).id;
    } catch (error) {
      notifyError(error);
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, isUploading };
};

/**
 * The comment and picture an answer asks for (SPEC §5), filled in before the answer is sent: the
 * server refuses the answer without them, so it is not sent until they are there.
 */
const RequiredExtras = ({
  answer,
  onSave,
  onCancel,
  isSaving,
}: {
  answer: ProjectServiceAnswerDto;
  onSave: (values: { comment: string; pictureId: string | null }) => void;
  onCancel: () => void;
  isSaving: boolean;
}) => {
  const { t } = useTranslation('serviceWork');
  const [comment, setComment] = useState('');
  const [pictureId, setPictureId] = useState<string | null>(null);
  const { upload, isUploading } = useUpload();
  const isReady =
    (!answer.isCommentRequired || comment.trim() !== '') && (!answer.isPictureRequired || pictureId !== null);
  return (
    <Stack gap="xs" p="xs" style={{ borderLeft: `4px solid ${answer.color}` }}>
      {answer.isDeviationRequired && (
        <Text size="sm" c="red.8">
          <IconAlertTriangle size={14} style={{ verticalAlign: 'middle' }} />{' '}
          {t('answering.createsDeviation')}
        </Text>
      )}
      <Textarea
        label={t('answering.comment')}
        required={answer.isCommentRequired}
        autosize
        minRows={2}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={answer.isCommentRequired && comment.trim() === '' ? t('answering.commentNeeded') : undefined}
      />
      <Group gap="xs" align="center">
        <CameraButton
          label={t('answering.takePicture')}
          isUploading={isUploading}
          onPicked={async (file) => setPictureId((await upload(file, file.name)) ?? pictureId)}
        />
        {pictureId && <PictureThumb fileId={pictureId} name={t('answering.picture')} />}
        {answer.isPictureRequired && !pictureId && (
          <Text size="xs" c="red.8">
            {t('answering.pictureNeeded')}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        <Button
          onClick={() => onSave({ comment, pictureId })}
          disabled={!isReady || isUploading}
          loading={isSaving}
        >
          {t('answering.saveAnswer', { answer: answer.name })}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          {t('answering.cancel')}
        </Button>
      </Group>
    </Stack>
  );
};

/** What was chosen and noted: who answered, the comment (changed in place), the picture, the deviation. */
const ChosenDetails = ({
  answer,
  mayWork,
  onPatch,
  qualityHref,
}: {
  answer: UserAnswerDto;
  mayWork: boolean;
  qualityHref: string;
  onPatch: (changes: UserAnswerPatchInput['changes']) => Promise<boolean>;
}) => {
  const { t } = useTranslation('serviceWork');
  const { upload, isUploading } = useUpload();
  return (
    <Stack gap={6}>
      {mayWork ? (
        <Textarea
          key={answer.version}
          label={t('answering.comment')}
          size="sm"
          autosize
          minRows={1}
          defaultValue={answer.comment}
          onBlur={(event) => {
            const comment = event.currentTarget.value.trim();
            if (comment !== answer.comment) void onPatch({ comment });
          }}
        />
      ) : (
        answer.comment && <Text size="sm">{answer.comment}</Text>
      )}
      <Group gap="xs">
        {answer.pictureId && <PictureThumb fileId={answer.pictureId} name={t('answering.picture')} />}
        {mayWork && (
          <CameraButton
            label={answer.pictureId ? t('answering.replacePicture') : t('answering.takePicture')}
            isUploading={isUploading}
            onPicked={async (file) => {
              const pictureId = await upload(file, file.name);
              if (pictureId) await onPatch({ pictureId });
            }}
          />
        )}
      </Group>
      {answer.deviationNumber !== null && (
        <Anchor component={Link} to={qualityHref} size="sm" c="red.8">
          <IconAlertTriangle size={14} style={{ verticalAlign: 'middle' }} />{' '}
          {t('answering.deviationCreated', { number: answer.deviationNumber })}
        </Anchor>
      )}
    </Stack>
  );
};

/** The answer buttons of a single- or multiple-answers row, in their colours; the chosen ones filled. */
const AnswerButtons = ({
  row,
  chosen,
  mayWork,
  onChoose,
}: {
  row: ProjectServiceRowDto;
  chosen: readonly UserAnswerDto[];
  mayWork: boolean;
  onChoose: (answer: ProjectServiceAnswerDto) => void;
}) => (
  <Group gap="xs" role={row.type === 'singleAnswer' ? 'radiogroup' : 'group'} aria-label={row.name}>
    {row.answers.map((answer) => {
      const isChosen = chosen.some((entry) => entry.projectServiceAnswerId === answer.id);
      return (
        <Button
          key={answer.id}
          role={row.type === 'singleAnswer' ? 'radio' : 'checkbox'}
          aria-checked={isChosen}
          color={answer.color}
          variant={isChosen ? 'filled' : 'outline'}
          size="md"
          miw={88}
          leftSection={isChosen ? <IconCheck size={16} /> : undefined}
          disabled={!mayWork}
          onClick={() => onChoose(answer)}
          styles={{ root: { borderWidth: 2 } }}
        >
          {answer.name}
        </Button>
      );
    })}
  </Group>
);

/** The value of a text, URL, number or date row, saved when the field is left (or the date picked). */
const ValueField = ({
  row,
  current,
  mayWork,
  onValue,
}: {
  row: ProjectServiceRowDto;
  current: UserAnswerDto | undefined;
  mayWork: boolean;
  onValue: (values: Partial<Values> | null) => void;
}) => {
  const { t } = useTranslation('serviceWork');
  const label = t('answering.valueOf', { row: row.name });
  if (row.type === 'number') {
    return (
      <NumberInput
        key={current?.version ?? 0}
        aria-label={label}
        readOnly={!mayWork}
        defaultValue={current?.number ?? ''}
        decimalScale={3}
        inputMode="decimal"
        onBlur={(event) => {
          const text = event.currentTarget.value.replace(/\s/g, '').replace(',', '.');
          const number = text === '' ? null : Number(text);
          if (number !== null && !Number.isFinite(number)) return;
          if (number === (current?.number ?? null)) return;
          onValue(number === null ? null : { number });
        }}
      />
    );
  }
  if (row.type === 'date') {
    return (
      <DateInput
        aria-label={label}
        readOnly={!mayWork}
        value={current?.date ?? null}
        onChange={(date) => {
          if (date !== (current?.date ?? null)) onValue(date === null ? null : { date });
        }}
      />
    );
  }
  return (
    <TextInput
      key={current?.version ?? 0}
      aria-label={label}
      readOnly={!mayWork}
      type={row.type === 'url' ? 'url' : 'text'}
      placeholder={row.type === 'url' ? 'https://' : undefined}
      defaultValue={current?.text ?? ''}
      onBlur={(event) => {
        const text = event.currentTarget.value.trim();
        if (text === (current?.text ?? '')) return;
        onValue(text === '' ? null : { text });
      }}
    />
  );
};

/**
 * One row of the checklist with its answer: answer buttons, a value field, a picture or the
 * customer's signature. Every change is one call at the version shown; a refusal (someone else was
 * first) reads the checklist again and says so.
 */
export const ChecklistRow = ({
  serviceItemId,
  row,
  answers,
  mayWork,
  qualityHref,
}: {
  serviceItemId: string;
  row: ProjectServiceRowDto;
  answers: readonly UserAnswerDto[];
  mayWork: boolean;
  qualityHref: string;
}) => {
  const { t } = useTranslation('serviceWork');
  const call = useAnswerCall(serviceItemId);
  const [pending, setPending] = useState<ProjectServiceAnswerDto | null>(null);
  const [isSigning, setSigning] = useState(false);
  const { upload, isUploading } = useUpload();
  const current = row.type === 'multipleAnswers' ? undefined : answers[0];
  const saved = t('answering.saved');

  const create = (values: Values) =>
    notifySaving(
      () =>
        call.mutateAsync({
          kind: 'create',
          input: {
            serviceItemId,
            projectRowId: row.id,
            ...values,
            replaces: current ? { id: current.id, version: current.version } : null,
          },
        }),
      saved,
    );
  const patch = (answer: UserAnswerDto, changes: UserAnswerPatchInput['changes']) =>
    notifySaving(
      () => call.mutateAsync({ kind: 'patch', id: answer.id, input: { version: answer.version, changes } }),
      saved,
    );
  const remove = (answer: UserAnswerDto) =>
    notifySaving(() => call.mutateAsync({ kind: 'delete', id: answer.id, version: answer.version }), saved);

  const choose = (answer: ProjectServiceAnswerDto) => {
    const already = answers.find((entry) => entry.projectServiceAnswerId === answer.id);
    if (already) {
      if (row.type === 'multipleAnswers') void remove(already);
      return;
    }
    if (answer.isCommentRequired || answer.isPictureRequired) {
      setPending(answer);
      return;
    }
    setPending(null);
    void create({ projectServiceAnswerId: answer.id });
  };

  const setValue = (values: Partial<Values> | null) => {
    if (values === null) {
      if (current) void remove(current);
      return;
    }
    if (current) void patch(current, values);
    else void create(values);
  };

  const storePicture = async (file: Blob, name: string, field: 'pictureId' | 'fileId') => {
    const id = await upload(file, name);
    if (!id) return;
    if (await (current ? patch(current, { [field]: id }) : create({ [field]: id }))) setSigning(false);
  };

  const isAnswered = answers.length > 0;
  return (
    <Stack gap="xs" data-testid="checklist-row" data-answered={isAnswered}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{row.name}</Text>
          {row.functionName && (
            <Text size="xs" c="dimmed">
              {row.functionName}
            </Text>
          )}
          {row.note && (
            <Text size="sm" c="dimmed">
              {row.note}
            </Text>
          )}
          {row.url && (
            <Anchor href={row.url} target="_blank" rel="noopener noreferrer" size="sm">
              {row.url}
            </Anchor>
          )}
        </Stack>
        {isAnswered && (
          <Badge variant="light" color="green" style={{ flex: 'none' }}>
            {t('answering.answered')}
          </Badge>
        )}
      </Group>

      {(row.type === 'singleAnswer' || row.type === 'multipleAnswers') && (
        <>
          <AnswerButtons row={row} chosen={answers} mayWork={mayWork && !call.isPending} onChoose={choose} />
          {pending && (
            <RequiredExtras
              key={pending.id}
              answer={pending}
              isSaving={call.isPending}
              onCancel={() => setPending(null)}
              onSave={async (values) => {
                if (await create({ projectServiceAnswerId: pending.id, ...values })) setPending(null);
              }}
            />
          )}
          {!pending &&
            answers.map((answer) => (
              <ChosenDetails
                key={answer.id}
                answer={answer}
                mayWork={mayWork}
                qualityHref={qualityHref}
                onPatch={(changes) => patch(answer, changes)}
              />
            ))}
        </>
      )}

      {(row.type === 'text' || row.type === 'url' || row.type === 'number' || row.type === 'date') && (
        <ValueField row={row} current={current} mayWork={mayWork} onValue={setValue} />
      )}

      {row.type === 'picture' && (
        <Group gap="xs">
          {current?.pictureId && <PictureThumb fileId={current.pictureId} name={row.name} />}
          {mayWork && (
            <CameraButton
              label={current ? t('answering.replacePicture') : t('answering.takePicture')}
              isUploading={isUploading || call.isPending}
              onPicked={(file) => void storePicture(file, file.name, 'pictureId')}
            />
          )}
        </Group>
      )}

      {row.type === 'signature' && (
        <Stack gap="xs">
          {current?.fileId && !isSigning && (
            <Group gap="xs">
              <PictureThumb fileId={current.fileId} name={t('answering.signature')} size={120} />
              {mayWork && (
                <Button variant="default" size="xs" onClick={() => setSigning(true)}>
                  {t('answering.signAgain')}
                </Button>
              )}
            </Group>
          )}
          {mayWork && (!current?.fileId || isSigning) && (
            <SignaturePad
              isSaving={isUploading || call.isPending}
              onSave={(png) => void storePicture(png, 'signatur.png', 'fileId')}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
};
