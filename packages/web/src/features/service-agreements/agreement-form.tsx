import {
  SERVICE_AGREEMENT_LIMITS,
  SERVICE_INTERVALS,
  type ServiceAgreementDto,
  type ServiceInterval,
} from '@karm/domain/contract';
import { Alert, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput, MoneyInput } from '@/components';
import { useProjectItems, useServiceWorkers } from './service-agreements-api';

/** What the agreement tab edits: the agreement's own fields. */
export type AgreementDraft = {
  serviceWorkerIds: string[];
  interval: ServiceInterval;
  startDate: string | null;
  pricePerVisitOre: number;
  pricePerYearOre: number;
  itemIds: string[];
  contactName: string;
  contactEmail: string;
  contactPhone: string;
};

export const draftOf = (agreement: ServiceAgreementDto | null, today: string): AgreementDraft => ({
  serviceWorkerIds: agreement?.serviceWorkers.map((worker) => worker.id) ?? [],
  interval: agreement?.interval ?? 'none',
  startDate: agreement?.startDate ?? today,
  pricePerVisitOre: agreement?.pricePerVisitOre ?? 0,
  pricePerYearOre: agreement?.pricePerYearOre ?? 0,
  itemIds: agreement?.itemIds ?? [],
  contactName: agreement?.contactName ?? '',
  contactEmail: agreement?.contactEmail ?? '',
  contactPhone: agreement?.contactPhone ?? '',
});

/** The fields of the draft that differ from the saved agreement (what a PATCH sends). */
export const changesOf = (saved: AgreementDraft, draft: AgreementDraft) =>
  Object.fromEntries(
    Object.entries(draft).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof AgreementDraft]),
    ),
  ) as Partial<AgreementDraft>;

/** The agreement tab of the service agreement dialog. */
export const AgreementForm = ({
  projectId,
  agreement,
  draft,
  onChange,
  errorOf,
  readOnly,
}: {
  projectId: string;
  agreement: ServiceAgreementDto | null;
  draft: AgreementDraft;
  onChange: (patch: Partial<AgreementDraft>) => void;
  errorOf: (field: string) => string | undefined;
  readOnly: boolean;
}) => {
  const { t } = useTranslation('serviceAgreements');
  const workers = useServiceWorkers();
  const items = useProjectItems(projectId);
  // A worker no longer in the service category stays choosable on the agreement that names them.
  const workerOptions = new Map<string, string>(
    (agreement?.serviceWorkers ?? []).map((worker) => [worker.id, worker.displayName]),
  );
  for (const worker of workers.data ?? [])
    workerOptions.set(worker.id, worker.displayName || worker.fullName);
  const itemOptions = (items.data ?? []).map((item) => ({
    value: item.id,
    label: t('hints.itemNumber', { number: item.number, name: item.name || item.templateName }),
  }));
  return (
    <Stack gap="sm">
      {workers.data && workerOptions.size === 0 && (
        <Alert color="yellow" variant="light">
          {t('hints.noWorkers')}
        </Alert>
      )}
      <MultiSelect
        label={t('fields.serviceWorkerIds')}
        data={[...workerOptions].map(([value, label]) => ({ value, label }))}
        value={draft.serviceWorkerIds}
        onChange={(serviceWorkerIds) => onChange({ serviceWorkerIds })}
        error={errorOf('serviceWorkerIds')}
        searchable
        readOnly={readOnly}
        data-testid="agreement-workers"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('fields.interval')}
          data={SERVICE_INTERVALS.map((value) => ({ value, label: t(`intervals.${value}`) }))}
          value={draft.interval}
          onChange={(value) => value && onChange({ interval: value as ServiceInterval })}
          allowDeselect={false}
          error={errorOf('interval')}
          readOnly={readOnly}
          data-testid="agreement-interval"
        />
        <DateInput
          label={t('fields.startDate')}
          value={draft.startDate}
          onChange={(startDate) => onChange({ startDate })}
          required
          error={errorOf('startDate')}
          readOnly={readOnly}
          data-testid="agreement-start"
        />
        <MoneyInput
          label={t('fields.pricePerVisitOre')}
          value={draft.pricePerVisitOre}
          onChange={(pricePerVisitOre) => onChange({ pricePerVisitOre })}
          error={errorOf('pricePerVisitOre')}
          readOnly={readOnly}
        />
        <MoneyInput
          label={t('fields.pricePerYearOre')}
          value={draft.pricePerYearOre}
          onChange={(pricePerYearOre) => onChange({ pricePerYearOre })}
          error={errorOf('pricePerYearOre')}
          readOnly={readOnly}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('hints.startDate')}
      </Text>
      <MultiSelect
        label={t('fields.itemIds')}
        data={itemOptions}
        value={draft.itemIds.filter((id) => itemOptions.some((option) => option.value === id))}
        onChange={(itemIds) => onChange({ itemIds })}
        error={errorOf('itemIds')}
        description={items.data && items.data.length === 0 ? t('hints.noItems') : undefined}
        searchable
        readOnly={readOnly}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('fields.contactName')}
          value={draft.contactName}
          maxLength={SERVICE_AGREEMENT_LIMITS.contactName}
          onChange={(event) => onChange({ contactName: event.currentTarget.value })}
          error={errorOf('contactName')}
          readOnly={readOnly}
        />
        <TextInput
          label={t('fields.contactEmail')}
          type="email"
          value={draft.contactEmail}
          onChange={(event) => onChange({ contactEmail: event.currentTarget.value })}
          error={errorOf('contactEmail')}
          readOnly={readOnly}
        />
        <TextInput
          label={t('fields.contactPhone')}
          type="tel"
          value={draft.contactPhone}
          maxLength={SERVICE_AGREEMENT_LIMITS.contactPhone}
          onChange={(event) => onChange({ contactPhone: event.currentTarget.value })}
          error={errorOf('contactPhone')}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </Stack>
  );
};
