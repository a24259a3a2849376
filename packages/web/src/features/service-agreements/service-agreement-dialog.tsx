import type { ServiceAgreementDto } from '@karm/domain/contract';
import { osloDateOf } from '@karm/domain/rules';
import { Alert, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, notifyError, notifySuccess, useRecordQuestions } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useCan } from '@/lib/permissions';
import { type AgreementDraft, AgreementForm, changesOf, draftOf } from './agreement-form';
import { HistoryTab, PricesTab, VisitsTab } from './agreement-tabs';
import {
  useAgreementHistory,
  useAgreementOfProject,
  useCreateAgreement,
  useUpdateAgreement,
} from './service-agreements-api';

type Tab = 'agreement' | 'visits' | 'prices' | 'history';

export type ServiceAgreementDialogProps = {
  projectId: string;
  /** "1042 Storo Storsenter", for the title. */
  projectName?: string;
  onClose: () => void;
};

/**
 * SPEC §2 "service agreement" dialog (issue 19): a service project's agreement — service workers,
 * interval, start date, prices, the items covered, the contact for notices — with its visits ("visit
 * done" moves the next one), its prices over time and its history. Opened from the service project
 * details screen; mounted only while open.
 */
export const ServiceAgreementDialog = ({ projectId, projectName, onClose }: ServiceAgreementDialogProps) => {
  const { t } = useTranslation('serviceAgreements');
  const { t: tAll } = useTranslation();
  const title = projectName ? `${t('dialog.title')} — ${projectName}` : t('dialog.title');
  const query = useAgreementOfProject(projectId);
  if (!query.data)
    return (
      <AppDialog opened size="lg" title={title} onClose={onClose}>
        {query.isError ? (
          <Alert color="red">{translateMessage(tAll, String(query.error))}</Alert>
        ) : (
          <Loader />
        )}
      </AppDialog>
    );
  const agreement = query.data.agreement;
  // A new version (a save, a visit, a price index, another person) starts the draft from it.
  return (
    <AgreementWindow
      key={agreement ? `${agreement.id}:${agreement.version}` : 'new'}
      projectId={projectId}
      title={title}
      agreement={agreement}
      onClose={onClose}
      reload={() => void query.refetch()}
    />
  );
};

const AgreementWindow = ({
  projectId,
  title,
  agreement,
  onClose,
  reload,
}: {
  projectId: string;
  title: string;
  agreement: ServiceAgreementDto | null;
  onClose: () => void;
  reload: () => void;
}) => {
  const { t } = useTranslation('serviceAgreements');
  const { t: tAll } = useTranslation();
  const questions = useRecordQuestions('serviceAgreements');
  const mayWrite = useCan('service-agreements.write');
  const mayRecord = useCan('service.work', 'service-agreements.write');
  const today = osloDateOf(new Date());
  const [saved] = useState(() => draftOf(agreement, today));
  const [draft, setDraft] = useState<AgreementDraft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>('agreement');
  const history = useAgreementHistory(agreement?.id ?? null);
  const create = useCreateAgreement();
  const update = useUpdateAgreement();
  const changes = changesOf(saved, draft);
  const isDirty = Object.keys(changes).length > 0;

  const errorOf = (field: string) => {
    const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
    return key ? translateMessage(tAll, errors[key] as string) : undefined;
  };

  const save = async () => {
    setErrors({});
    try {
      if (!agreement) {
        await create.mutateAsync({ projectId, ...draft, startDate: draft.startDate ?? '' });
        notifySuccess(t('toast.created'));
      } else if (Object.keys(changes).length > 0) {
        await update.mutateAsync({
          id: agreement.id,
          version: agreement.version,
          changes: { ...changes, startDate: changes.startDate ?? undefined },
        });
        notifySuccess(t('toast.saved'));
      }
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setTab('agreement');
      } else if (error instanceof ApiError && error.code === 'CONFLICT') {
        notifyError(t('toast.conflict'));
        reload();
      } else notifyError(error);
    }
  };

  const workerName = (id: string) =>
    agreement?.serviceWorkers.find((worker) => worker.id === id)?.displayName ?? '—';

  return (
    <AppDialog
      opened
      size="lg"
      title={title}
      onClose={() => void questions.closeUnlessKept(isDirty && mayWrite, onClose)}
      onCancel={() => void questions.closeUnlessKept(isDirty && mayWrite, onClose)}
      onSave={mayWrite && tab === 'agreement' ? save : undefined}
      saveDisabled={(agreement !== null && !isDirty) || !draft.startDate}
      saving={create.isPending || update.isPending}
    >
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="agreement">{t('dialog.tabs.agreement')}</Tabs.Tab>
          <Tabs.Tab value="visits" disabled={!agreement}>
            {t('dialog.tabs.visits')}
          </Tabs.Tab>
          <Tabs.Tab value="prices" disabled={!agreement}>
            {t('dialog.tabs.prices')}
          </Tabs.Tab>
          <Tabs.Tab value="history" disabled={!agreement}>
            {t('dialog.tabs.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="agreement">
          <Stack gap="sm">
            {!agreement && (
              <Text size="sm" c="dimmed">
                {t('dialog.newHint')}
              </Text>
            )}
            <AgreementForm
              projectId={projectId}
              agreement={agreement}
              draft={draft}
              onChange={(patch) => setDraft((before) => ({ ...before, ...patch }))}
              errorOf={errorOf}
              readOnly={!mayWrite}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="visits">
          <VisitsTab agreement={agreement} history={history.data} mayRecord={mayRecord} />
        </Tabs.Panel>
        <Tabs.Panel value="prices">
          <PricesTab history={history.data} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab history={history.data} workerName={workerName} />
        </Tabs.Panel>
      </Tabs>
    </AppDialog>
  );
};
