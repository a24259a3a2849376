import type { ProcessColumnDto, ProcessEntryDto, ProjectCombinedDto } from '@karm/domain/contract';
import { formatDate, formatNok } from '@karm/domain/rules';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type PrintColumn,
  PrintedLines,
  PrintFields,
  PrintQueries,
  PrintSection,
  PrintSheetFrame,
  PrintSheetState,
  PrintTable,
  printedId,
} from '@/components';
import { useProcessColumnsLookup, useProjectCombined } from '@/lib/api/projects';

const hours = (value: number | null) => (value === null ? null : String(value));

type ProcessRow = { entry: ProcessEntryDto; column: ProcessColumnDto | undefined };

const PrintedProject = ({
  combined,
  columns,
}: {
  combined: ProjectCombinedDto;
  columns: ProcessColumnDto[];
}) => {
  const { t, i18n } = useTranslation('projects');
  const { project, orders } = combined;
  const address = [project.projectAddress, `${project.projectPostalCode} ${project.projectCity}`.trim()]
    .filter(Boolean)
    .join(', ');
  const byId = new Map(columns.map((column) => [column.id, column]));
  const processRows: ProcessRow[] = combined.processEntries
    .map((entry) => ({ entry, column: byId.get(entry.processColumnId) }))
    .sort((a, b) => (a.column?.position ?? Infinity) - (b.column?.position ?? Infinity));
  const processColumns: PrintColumn<ProcessRow>[] = [
    {
      key: 'column',
      header: t('process.column'),
      value: ({ column }) =>
        column ? (i18n.language === 'nb' ? column.nameNo : column.nameEn) : t('process.unknownColumn'),
    },
    { key: 'date', header: t('process.date'), value: ({ entry }) => formatDate(entry.date) },
    {
      key: 'active',
      header: t('process.active'),
      value: ({ entry }) => t(entry.isActive ? 'process.isActive' : 'process.isInactive'),
    },
    {
      key: 'noteDates',
      header: t('process.noteDates'),
      value: ({ entry }) =>
        Object.entries(entry.noteDates)
          .filter(([, date]) => Boolean(date))
          .map(([type, date]) => `${t(`process.noteType.${type}`)}: ${formatDate(date)}`)
          .join(', '),
    },
    { key: 'comment', header: t('process.comment'), value: ({ entry }) => entry.comment },
  ];

  return (
    <PrintSheetFrame title={t('dialog.title', { number: project.number, name: project.name })}>
      <PrintSection title={t('tabs.project')}>
        <PrintFields
          fields={[
            [t('columns.state'), t(`state.${project.state}`)],
            [t('fields.customer'), project.customer?.name],
            [t('fields.projectManager'), project.projectManager?.displayName],
            [t('fields.department'), project.department?.displayName],
            [t('fields.projectCategory'), project.projectCategory],
            [t('fields.addressLegend'), address],
            [t('fields.startDate'), formatDate(project.startDate)],
            [t('fields.deliveryDate'), formatDate(project.deliveryDate)],
            [t('fields.agreedInstallationDate'), formatDate(project.agreedInstallationDate)],
            [t('fields.endDate'), formatDate(project.endDate)],
            [t('fields.productionHours'), hours(project.productionHours)],
            [t('fields.installationHours'), hours(project.installationHours)],
            [t('fields.installationStaff'), hours(project.installationStaff)],
            [t('columns.value'), formatNok(project.projectValue)],
            [t('fields.description'), project.description],
            [t('fields.missingDataComment'), project.missingData ? project.missingDataComment || '✓' : ''],
            [t('fields.noteToPlanner'), project.noteToPlanner],
            [t('fields.workOrderNotes'), project.workOrderNotes],
          ]}
        />
      </PrintSection>
      <PrintSection title={t('print.contacts')}>
        <PrintFields
          fields={[
            [t('fields.contact'), project.contact?.displayName],
            [t('fields.projectManager'), project.projectManager?.displayName],
            [
              t('fields.siteContactLegend'),
              [project.siteContactName, project.siteContactPhone].filter(Boolean).join(', '),
            ],
          ]}
        />
      </PrintSection>
      <PrintSection title={t('tabs.process')}>
        {processRows.length === 0 ? (
          <Text size="sm">{t('process.emptyTitle')}</Text>
        ) : (
          <PrintTable columns={processColumns} rows={processRows} rowKey={({ entry }) => entry.id} />
        )}
      </PrintSection>
      <PrintSection title={t('tabs.orders')}>
        {orders.length === 0 ? (
          <Text size="sm">{t('orders.emptyTitle')}</Text>
        ) : (
          <Stack gap="sm">
            {orders.map((order, index) => (
              <div key={order.id}>
                <Text size="sm" fw={600}>
                  {order.title || t('orders.orderNumber', { number: index + 1 })}
                </Text>
                <PrintedLines lines={order.lines} totalLabel={t('orders.orderTotal')} />
              </div>
            ))}
          </Stack>
        )}
      </PrintSection>
    </PrintSheetFrame>
  );
};

const ProjectSheet = ({ projectId }: { projectId: string }) => {
  const combined = useProjectCombined(projectId);
  const columns = useProcessColumnsLookup();
  if (!combined.data || !columns.data) return <PrintSheetState error={combined.error ?? columns.error} />;
  return <PrintedProject combined={combined.data} columns={columns.data} />;
};

/**
 * A project on paper (issue 18, `/print?sheet=project&id=`): its fields, contacts, process status and
 * order lines, on A4 portrait.
 */
export const ProjectPrintSheet = ({ search }: { search: URLSearchParams }) => {
  const { t } = useTranslation('projects');
  const id = printedId(search);
  if (!id) return <Alert color="orange">{t('print.noProject')}</Alert>;
  return (
    <PrintQueries>
      <ProjectSheet projectId={id} />
    </PrintQueries>
  );
};
