import type { ServiceAgreementDto, ServiceAgreementHistoryDto } from '@karm/domain/contract';
import { formatDate, formatNok, osloDateOf } from '@karm/domain/rules';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type HistoryEntry, HistoryTimeline, notifyError, notifySuccess } from '@/components';
import { fieldErrorsOf, translateMessage } from '@/lib/forms';
import { ApiError } from '@/lib/http';
import { useVisitDone } from './service-agreements-api';

const isOverdue = (date: string | null) => date !== null && date < osloDateOf(new Date());

/** The next and last visit, and "visit done" for whoever may record one. */
export const VisitsTab = ({
  agreement,
  history,
  mayRecord,
}: {
  agreement: ServiceAgreementDto | null;
  history: ServiceAgreementHistoryDto | undefined;
  mayRecord: boolean;
}) => {
  const { t } = useTranslation('serviceAgreements');
  const { t: tAll } = useTranslation();
  const visitDone = useVisitDone();
  const [date, setDate] = useState<string | null>(() => osloDateOf(new Date()));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!agreement) return <Text c="dimmed">{t('visits.saveFirst')}</Text>;
  const record = async () => {
    if (!date) return;
    setError(undefined);
    try {
      const saved = await visitDone.mutateAsync({ id: agreement.id, version: agreement.version, date, note });
      setNote('');
      notifySuccess(
        saved.nextVisitDate
          ? t('toast.visitDone', { date: formatDate(saved.nextVisitDate) })
          : t('toast.visitDoneNoNext'),
      );
    } catch (caught) {
      const fields = caught instanceof ApiError ? fieldErrorsOf(caught) : {};
      if (fields.date) setError(translateMessage(tAll, fields.date));
      else notifyError(caught);
    }
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {t('visits.next')}
          </Text>
          <Group gap="xs">
            <Text fw={600} data-testid="agreement-next-visit">
              {agreement.nextVisitDate ? formatDate(agreement.nextVisitDate) : t('visits.none')}
            </Text>
            {isOverdue(agreement.nextVisitDate) && (
              <Badge color="red" variant="light">
                {t('visits.overdue')}
              </Badge>
            )}
          </Group>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            {t('visits.last')}
          </Text>
          <Text fw={600} data-testid="agreement-last-visit">
            {agreement.lastVisitDate ? formatDate(agreement.lastVisitDate) : t('visits.never')}
          </Text>
        </Card>
      </SimpleGrid>
      {mayRecord && (
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Text fw={600}>{t('visits.markTitle')}</Text>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <DateInput
                label={t('visits.date')}
                value={date}
                onChange={setDate}
                error={error}
                maxDate={new Date()}
                w={180}
                data-testid="visit-date"
              />
              <Textarea
                label={t('visits.note')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                autosize
                minRows={1}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={() => void record()}
                loading={visitDone.isPending}
                disabled={!date}
              >
                {t('visits.mark')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {!history ? (
        <Loader size="sm" />
      ) : history.visits.length === 0 ? (
        <Text c="dimmed">{t('visits.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('visits.date')}</Table.Th>
              <Table.Th>{t('visits.doneBy')}</Table.Th>
              <Table.Th>{t('visits.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.visits.map((visit) => (
              <Table.Tr key={visit.id}>
                <Table.Td>{formatDate(visit.date)}</Table.Td>
                <Table.Td>{visit.doneByName ?? '—'}</Table.Td>
                <Table.Td>{visit.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};

/** The agreement's prices over time: typed ones and the yearly index. */
export const PricesTab = ({ history }: { history: ServiceAgreementHistoryDto | undefined }) => {
  const { t } = useTranslation('serviceAgreements');
  if (!history) return <Loader size="sm" />;
  if (history.prices.length === 0) return <Text c="dimmed">{t('prices.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('prices.date')}</Table.Th>
            <Table.Th ta="right">{t('prices.perVisit')}</Table.Th>
            <Table.Th ta="right">{t('prices.perYear')}</Table.Th>
            <Table.Th>{t('prices.index')}</Table.Th>
            <Table.Th>{t('prices.by')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.prices.map((price) => (
            <Table.Tr key={price.id}>
              <Table.Td>{formatDate(price.date)}</Table.Td>
              <Table.Td ta="right">
                {formatNok(price.oldPricePerVisitOre)} → {formatNok(price.newPricePerVisitOre)}
              </Table.Td>
              <Table.Td ta="right">
                {formatNok(price.oldPricePerYearOre)} → {formatNok(price.newPricePerYearOre)}
              </Table.Td>
              <Table.Td>
                {price.indexPercent === null
                  ? t('prices.typed')
                  : `${price.indexPercent.toLocaleString('nb-NO')} %`}
              </Table.Td>
              <Table.Td>{price.byName ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const MONEY_FIELDS = new Set(['pricePerVisitOre', 'pricePerYearOre']);

/** Every change of the agreement, in the shared history timeline. */
export const HistoryTab = ({
  history,
  workerName,
}: {
  history: ServiceAgreementHistoryDto | undefined;
  workerName: (id: string) => string;
}) => {
  const { t } = useTranslation('serviceAgreements');
  if (!history) return <Loader size="sm" />;
  if (history.changes.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  const show = (field: string, value: unknown): string | null => {
    if (value === null || value === undefined) return null;
    if (MONEY_FIELDS.has(field)) return formatNok(Number(value));
    if (field === 'interval') return t(`intervals.${String(value)}` as 'intervals.none');
    if (field === 'serviceWorkerIds' && Array.isArray(value)) return value.map(workerName).join(', ');
    if (field === 'itemIds' && Array.isArray(value)) return String(value.length);
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
  };
  const entries: HistoryEntry[] = history.changes.map((entry) => ({
    id: entry.id,
    at: entry.at,
    userName: entry.byName,
    title: t(`history.${entry.action}`),
    changes: Object.entries(entry.changes).map(([field, change]) => ({
      field,
      from: show(field, change.from),
      to: show(field, change.to),
    })),
  }));
  return (
    <HistoryTimeline
      entries={entries}
      fieldLabel={(field) => t(`fields.${field}` as 'fields.interval', { defaultValue: field })}
    />
  );
};
