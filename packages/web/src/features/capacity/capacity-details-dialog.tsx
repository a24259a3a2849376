import type { CapacityDetailsDto, CapacityWeekDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';
import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog, errorMessageOf } from '@/components';
import { useCapacityDetails } from './capacity-api';
import { freeHoursOf, useHours, useWorkGroupName, weekRange } from './capacity-format';

export type CapacityDetailsTarget = { week: CapacityWeekDto; workGroup: string };

const Figure = ({ label, value, colour }: { label: string; value: string; colour?: string }) => (
  <Paper withBorder p="xs" radius="sm">
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={700} c={colour}>
      {value}
    </Text>
  </Paper>
);

type Column<Row> = {
  title: string;
  render: (row: Row) => ReactNode;
  /** Hours: right-aligned. */
  isHours?: boolean;
  colour?: (row: Row) => string | undefined;
};

/** One part of the breakdown: a titled table, or a line saying there is nothing. */
const BreakdownTable = <Row extends { id: string }>({
  title,
  empty,
  rows,
  columns,
  name,
}: {
  title: string;
  empty: string;
  rows: Row[];
  columns: Column<Row>[];
  /** `data-details-<name>` on the table, for the journeys. */
  name: string;
}) => (
  <Stack gap={6}>
    <Title order={3} size="h5">
      {title}
    </Title>
    {rows.length === 0 ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <Table.ScrollContainer minWidth={120 * columns.length}>
        <Table withTableBorder striped verticalSpacing={4} fz="sm" {...{ [`data-details-${name}`]: true }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.title} ta={column.isHours ? 'right' : undefined}>
                  {column.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-row-id={row.id}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.title}
                    ta={column.isHours ? 'right' : undefined}
                    c={column.colour?.(row)}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    )}
  </Stack>
);

const Breakdown = ({ details }: { details: CapacityDetailsDto }) => {
  const { t } = useTranslation(['capacity', 'components']);
  const hours = useHours();
  const { totals } = details;
  const free = freeHoursOf(totals);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Figure label={t('columns.available')} value={hours(totals.availableHours)} />
        <Figure label={t('columns.booked')} value={hours(totals.bookedHours)} colour="blue.7" />
        <Figure label={t('columns.unplanned')} value={hours(totals.unplannedDemandHours)} colour="orange.7" />
        <Figure label={t('columns.free')} value={hours(free)} colour={free < 0 ? 'red' : undefined} />
        <Figure label={t('columns.pipeline')} value={hours(totals.pipelineHours)} colour="violet.7" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('details.basis', {
          employees: totals.employeeCount,
          days: totals.workingDays,
          absence: hours(totals.absenceHours),
        })}
        {details.week.redDays.length > 0 &&
          ` ${t('details.redDays', {
            days: details.week.redDays
              .map((day) => `${t(`components:redDays.${day.name}`)} ${formatDate(day.date)}`)
              .join(', '),
          })}`}
      </Text>
      <BreakdownTable
        name="projects"
        title={t('details.byProject')}
        empty={t('details.noProjects')}
        rows={details.projects}
        columns={[
          {
            title: t('details.project'),
            render: (project) => (
              <Group gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: project.colour,
                    flexShrink: 0,
                  }}
                />
                <Text size="sm">
                  {project.number} {project.name}
                </Text>
              </Group>
            ),
          },
          {
            title: t('details.step'),
            render: (project) =>
              project.kind ? (
                <Text size="sm">
                  {t(`details.kinds.${project.kind}`)}
                  {project.stepDate && ` · ${formatDate(project.stepDate)}`}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('details.noDemand')}
                </Text>
              ),
          },
          { title: t('details.demand'), isHours: true, render: (project) => hours(project.demandHours) },
          { title: t('columns.booked'), isHours: true, render: (project) => hours(project.bookedHours) },
          {
            title: t('columns.unplanned'),
            isHours: true,
            render: (project) => hours(project.unplannedHours),
            colour: (project) => (project.unplannedHours > 0 ? 'orange.8' : undefined),
          },
        ]}
      />
      {details.taskHours > 0 && (
        <Text size="sm" c="dimmed">
          {t('details.taskHours', { hours: hours(details.taskHours) })}
        </Text>
      )}
      <BreakdownTable
        name="employees"
        title={t('details.byEmployee')}
        empty={t('noGroups')}
        rows={details.employees}
        columns={[
          { title: t('details.employee'), render: (employee) => employee.name },
          {
            title: t('columns.available'),
            isHours: true,
            render: (employee) => hours(employee.availableHours),
          },
          {
            title: t('columns.booked'),
            isHours: true,
            render: (employee) => hours(employee.bookedHours),
            colour: (employee) => (employee.bookedHours > employee.availableHours ? 'red' : undefined),
          },
          {
            title: t('details.absent'),
            isHours: true,
            render: (employee) => (employee.absenceHours > 0 ? hours(employee.absenceHours) : '–'),
          },
        ]}
      />
      <BreakdownTable
        name="offers"
        title={t('details.byOffer')}
        empty={t('details.noOffers')}
        rows={details.offers}
        columns={[
          {
            title: t('details.offer'),
            render: (offer) => (
              <>
                <Text size="sm">
                  {offer.number} {offer.projectName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('details.expectedDelivery', { date: formatDate(offer.expectedDeliveryDate) })}
                </Text>
              </>
            ),
          },
          {
            title: t('details.status'),
            render: (offer) => (
              <Group gap={4}>
                <Text size="sm">{offer.statusName ?? '–'}</Text>
                <Badge size="sm" variant="light" color="violet">
                  {offer.likelihoodPercent} %
                </Badge>
              </Group>
            ),
          },
          { title: t('details.hours'), isHours: true, render: (offer) => hours(offer.hours) },
          {
            title: t('details.weighted'),
            isHours: true,
            render: (offer) => hours(offer.weightedHours),
            colour: () => 'violet.7',
          },
        ]}
      />
    </Stack>
  );
};

/**
 * SPEC §2 "capacity info": one work group's week broken down — the projects whose demand falls in it
 * and what is booked on them, each employee's hours and absence, and the open offers that may come.
 * Its totals are the chart's (the server answers both from the same arithmetic).
 */
export const CapacityDetailsDialog = ({
  target,
  onClose,
}: {
  target: CapacityDetailsTarget | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('capacity');
  const groupName = useWorkGroupName();
  const details = useCapacityDetails(
    target ? { year: target.week.year, week: target.week.week, workGroup: target.workGroup } : null,
  );
  return (
    <AppDialog
      opened={target !== null}
      onClose={onClose}
      size="xl"
      title={
        target &&
        t('details.title', {
          group: groupName(target.workGroup),
          week: target.week.week,
          range: weekRange(target.week),
        })
      }
    >
      {details.data ? (
        <Breakdown details={details.data} />
      ) : details.isError ? (
        <Alert color="red">{errorMessageOf(details.error)}</Alert>
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label={t('loading')} />
        </Group>
      )}
    </AppDialog>
  );
};
