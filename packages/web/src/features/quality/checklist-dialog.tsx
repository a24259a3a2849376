import {
  CHECKLIST_LIMITS,
  type ChecklistDetailDto,
  type ChecklistItemInput,
  type DeviationDto,
} from '@karm/domain/contract';
import { formatDateTime } from '@karm/domain/rules';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf, IconSignature } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, errorMessageOf, notifyError, notifySuccess, PdfViewerDialog } from '@/components';
import { useDownloadLink } from '@/lib/download-links';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { useAuthStore } from '@/lib/store/auth-store';
import { ChecklistItem } from './checklist-item';
import {
  checklistKeys,
  checklistQueryOptions,
  completeChecklist,
  raiseChecklistDeviation,
  saveChecklistItem,
  useChecklist,
} from './checklists-api';
import { ChecklistStatusBadge, useStepName } from './checklists-tab';
import { DeviationDialog } from './deviation-dialog';
import { getDeviation, qualityKeys } from './quality-api';
import { SignaturePad } from './signature-pad';

/**
 * SPEC §2 "checklist view" (issue 16): a run's items grouped as in its template, answered one by one
 * (each change is saved at once), deviations raised from not-OK items, and "Complete and sign": a
 * name and a drawn signature, after which the signed PDF is kept on the project and shown here.
 */
export const ChecklistDialog = ({
  checklistId,
  onClose,
}: {
  checklistId: string | null;
  onClose: () => void;
}) => (checklistId ? <ChecklistWindow key={checklistId} id={checklistId} onClose={onClose} /> : null);

const ChecklistWindow = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation('quality');
  const { t: tAll } = useTranslation();
  const queryClient = useQueryClient();
  const stepName = useStepName();
  const mayRun = useCan('checklists.run');
  const run = useChecklist(id);
  const latest = useRef<ChecklistDetailDto | undefined>(undefined);
  latest.current = run.data;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [isSigning, setSigning] = useState(false);
  const [deviation, setDeviation] = useState<DeviationDto | null>(null);
  const [isPdfOpen, setPdfOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const adopt = (fresh: ChecklistDetailDto) => {
    latest.current = fresh;
    queryClient.setQueryData(checklistKeys.one(id), fresh);
    void queryClient.invalidateQueries({ queryKey: qualityKeys.all, refetchType: 'active', exact: false });
  };

  /** Runs one change after the other, each at the newest version, and says what went wrong. */
  const enqueue = (change: (current: ChecklistDetailDto) => Promise<ChecklistDetailDto>, saved?: string) => {
    queue.current = queue.current.then(async () => {
      const current = latest.current;
      if (!current) return;
      try {
        adopt(await change(current));
        if (saved) notifySuccess(saved);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'CONFLICT') {
          adopt(await queryClient.fetchQuery(checklistQueryOptions(id)));
        }
        notifyError(error);
      }
    });
    return queue.current as Promise<void>;
  };

  const saveItem = (rowId: string) => (change: Partial<ChecklistItemInput>) =>
    enqueue((current) => {
      const item = current.groups.flatMap((group) => group.items).find((one) => one.rowId === rowId);
      setProblems(({ [`items.${rowId}`]: _solved, ...rest }) => rest);
      return saveChecklistItem({
        id,
        rowId,
        version: current.version,
        answerIds: item?.answerIds ?? [],
        value: item?.value ?? '',
        comment: item?.comment ?? '',
        pictureIds: item?.pictureIds ?? [],
        ...change,
      });
    }, t('checklists.toast.itemSaved'));

  const raise = (rowId: string) => {
    setBusy(true);
    void enqueue(async (current) => {
      const fresh = await raiseChecklistDeviation({ id, rowId, version: current.version });
      const raisedId = fresh.groups
        .flatMap((group) => group.items)
        .find((one) => one.rowId === rowId)?.deviationId;
      const item = fresh.groups.flatMap((group) => group.items).find((one) => one.rowId === rowId);
      notifySuccess(t('checklists.toast.deviationRaised', { number: item?.deviationNumber ?? '' }));
      if (raisedId) setDeviation(await getDeviation(raisedId));
      return fresh;
    }).finally(() => setBusy(false));
  };

  const openDeviation = async (deviationId: string) => {
    try {
      setDeviation(
        await queryClient.fetchQuery({
          queryKey: qualityKeys.deviation(deviationId),
          queryFn: () => getDeviation(deviationId),
        }),
      );
    } catch (error) {
      notifyError(error);
    }
  };

  const data = run.data;
  const isLocked = !mayRun || data?.status !== 'open';
  return (
    <AppDialog
      opened
      size="xl"
      title={
        data ? t('checklists.dialogTitle', { number: data.number, name: data.name }) : t('checklists.loading')
      }
      readOnly={isLocked}
      onClose={onClose}
      // Every answer is saved as it is given: there is nothing to cancel, only to close.
      onCancel={isLocked ? onClose : undefined}
      busy={busy}
      footerExtra={
        data?.status === 'open' && mayRun ? (
          <Button leftSection={<IconSignature size={16} />} onClick={() => setSigning(true)}>
            {t('checklists.complete')}
          </Button>
        ) : data?.pdfFileId ? (
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => setPdfOpen(true)}
          >
            {t('checklists.showPdf')}
          </Button>
        ) : null
      }
    >
      {!data ? (
        run.isError ? (
          <Alert color="red">{errorMessageOf(run.error)}</Alert>
        ) : (
          <Loader />
        )
      ) : (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <ChecklistStatusBadge status={data.status} />
            <Text size="sm">
              {data.projectNumber} {data.projectName}
            </Text>
            {stepName(data) && (
              <Text size="sm" c="dimmed">
                · {stepName(data)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              · {t('checklists.progress', { answered: data.answeredCount, total: data.itemCount })}
            </Text>
          </Group>
          {data.status === 'completed' && (
            <Alert color="green" data-completed>
              {t('checklists.completedBy', {
                name: data.signedName ?? '',
                at: data.completedAt ? formatDateTime(data.completedAt) : '',
              })}
            </Alert>
          )}
          {data.info && (
            <Text size="sm" c="dimmed">
              {data.info}
            </Text>
          )}
          {data.groups.map((group) => (
            <Stack key={group.id} gap="xs">
              <Title order={5}>{group.name}</Title>
              {group.items.map((item) => (
                <ChecklistItem
                  key={item.rowId}
                  item={item}
                  isLocked={isLocked}
                  problem={problems[`items.${item.rowId}`]}
                  onSave={saveItem(item.rowId)}
                  onRaiseDeviation={() => raise(item.rowId)}
                  onOpenDeviation={(deviationId) => void openDeviation(deviationId)}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {data && isSigning && (
        <SignDialog
          run={data}
          onClose={() => setSigning(false)}
          onProblems={(fields) => {
            setProblems(
              Object.fromEntries(
                Object.entries(fields).map(([key, value]) => [key, translateMessage(tAll, value)]),
              ),
            );
            setSigning(false);
          }}
          onCompleted={(fresh) => {
            adopt(fresh);
            setSigning(false);
          }}
        />
      )}
      <DeviationDialog opened={deviation !== null} deviation={deviation} onClose={() => setDeviation(null)} />
      {data?.pdfFileId && (
        <ChecklistPdf
          fileId={data.pdfFileId}
          number={data.number}
          opened={isPdfOpen}
          onClose={() => setPdfOpen(false)}
        />
      )}
    </AppDialog>
  );
};

const ChecklistPdf = ({
  fileId,
  number,
  opened,
  onClose,
}: {
  fileId: string;
  number: number;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('quality');
  const url = useDownloadLink(opened ? { kind: 'file', id: fileId } : null);
  return (
    <PdfViewerDialog
      opened={opened}
      onClose={onClose}
      fileName={t('checklists.pdfName', { number })}
      url={url}
    />
  );
};

/** "Complete and sign": the signer's name and a drawn signature; items still missing are shown on the items. */
const SignDialog = ({
  run,
  onClose,
  onProblems,
  onCompleted,
}: {
  run: ChecklistDetailDto;
  onClose: () => void;
  onProblems: (fields: Record<string, string>) => void;
  onCompleted: (run: ChecklistDetailDto) => void;
}) => {
  const { t } = useTranslation('quality');
  const { t: tAll } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [name, setName] = useState(user?.fullName ?? '');
  const [signature, setSignature] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!name.trim()) {
      setError(tAll('validation:required'));
      return;
    }
    setSaving(true);
    try {
      const completed = await completeChecklist({
        id: run.id,
        version: run.version,
        signedName: name.trim(),
        signature,
      });
      notifySuccess(t('checklists.toast.completed', { number: completed.number }));
      onCompleted(completed);
    } catch (failure) {
      const fields = failure instanceof ApiError ? fieldErrorsOf(failure) : {};
      const itemFields = Object.fromEntries(
        Object.entries(fields).filter(([key]) => key.startsWith('items.')),
      );
      if (Object.keys(itemFields).length > 0) {
        notifyError(failure);
        onProblems(itemFields);
      } else if (fields.signedName) setError(translateMessage(tAll, fields.signedName));
      else notifyError(failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppDialog
      opened
      size="md"
      title={t('checklists.signTitle')}
      onClose={onClose}
      onCancel={onClose}
      onSave={save}
      saving={saving}
    >
      <Stack gap="sm">
        <Text size="sm">{t('checklists.signText')}</Text>
        <TextInput
          label={t('checklists.signedName')}
          withAsterisk
          data-autofocus
          maxLength={CHECKLIST_LIMITS.signedName}
          value={name}
          error={error}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SignaturePad onChange={setSignature} />
      </Stack>
    </AppDialog>
  );
};
