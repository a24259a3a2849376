import type { ProcessColumnDto, ProcessEntryDto, ProjectListItemDto } from '@karm/domain/contract';
import { deliveryColour, formatDate, isoWeekOf } from '@karm/domain/rules';
import { Anchor, Badge, Button, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarWeek, IconMessageCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type CSSProperties, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CellState, cellStateOf, nameIn } from './process-cell-state';
import classes from './process-grid.module.css';

/** A row's cells by column id. */
export type RowEntries = Readonly<Record<string, ProcessEntryDto>>;

export type ProcessRowProps = {
  project: ProjectListItemDto;
  columns: readonly ProcessColumnDto[];
  entries: RowEntries;
  today: string;
  onCellClick: (projectId: string, columnId: string) => void;
  /** Shows the row's delivery week button (left out for whoever may not set it). */
  onDeliveryWeek?: (projectId: string) => void;
  /** Makes the project's name a button that opens the project. */
  onOpenProject?: (projectId: string) => void;
};

/** The note date a cell shows under its date: when it was done, or when it was ordered. */
const noteLine = (t: TFunction<'processes'>, entry: ProcessEntryDto | undefined) => {
  if (!entry) return null;
  const done = entry.noteDates.completed ?? entry.noteDates.received;
  if (done) return t('cell.doneOn', { date: formatDate(done) });
  if (entry.noteDates.ordered) return t('cell.orderedOn', { date: formatDate(entry.noteDates.ordered) });
  return null;
};

type CellProps = {
  project: ProjectListItemDto;
  column: ProcessColumnDto;
  entry: ProcessEntryDto | undefined;
  state: CellState;
  onClick: () => void;
};

const ProcessCell = ({ project, column, entry, state, onClick }: CellProps) => {
  const { t, i18n } = useTranslation('processes');
  const date = entry?.date ? formatDate(entry.date) : '';
  const note = noteLine(t, entry);
  const hasComment = Boolean(entry?.comment);
  const label = [
    t('cell.label', {
      process: nameIn(i18n.language, column),
      project: `${project.number} ${project.name}`,
      date: date || t('cell.noDate'),
      state: t(`cell.state.${state}`),
    }),
    note,
    hasComment ? t('cell.hasComment') : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Table.Td className={classes.cell} data-column-id={column.id}>
      <UnstyledButton
        className={classes.cellButton}
        data-state={state}
        aria-label={label}
        title={hasComment ? entry?.comment : undefined}
        onClick={onClick}
      >
        <span>{date || '–'}</span>
        {note && <span className={classes.note}>{note}</span>}
        {hasComment && (
          <span className={classes.comment} data-comment-marker aria-hidden>
            <IconMessageCircle size={12} />
          </span>
        )}
      </UnstyledButton>
    </Table.Td>
  );
};

const RowHeader = ({
  project,
  today,
  onDeliveryWeek,
  onOpenProject,
}: Pick<ProcessRowProps, 'project' | 'today' | 'onDeliveryWeek' | 'onOpenProject'>) => {
  const { t } = useTranslation('processes');
  const label = `${project.number} ${project.name}`;
  return (
    <Table.Th scope="row" className={classes.rowHeader}>
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={700}>
            {project.number}
          </Text>
          {onOpenProject ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              truncate
              title={t('row.openProject', { project: label })}
              aria-label={t('row.openProject', { project: label })}
              onClick={() => onOpenProject(project.id)}
            >
              {project.name}
            </Anchor>
          ) : (
            <Text size="sm" truncate title={project.name}>
              {project.name}
            </Text>
          )}
        </Group>
        <Group gap={6} justify="space-between" wrap="wrap">
          {project.deliveryDate ? (
            <Badge
              size="md"
              variant="light"
              color={deliveryColour(project.deliveryDate, today)}
              data-delivery-colour={deliveryColour(project.deliveryDate, today)}
              style={{ textTransform: 'none' }}
            >
              {t('row.delivery', {
                date: formatDate(project.deliveryDate),
                week: isoWeekOf(project.deliveryDate).week,
              })}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {t('row.noDeliveryDate')}
            </Text>
          )}
          {onDeliveryWeek && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconCalendarWeek size={14} />}
              aria-label={t('row.deliveryWeekOf', { project: label })}
              onClick={() => onDeliveryWeek(project.id)}
            >
              {t('row.deliveryWeek')}
            </Button>
          )}
        </Group>
      </Stack>
    </Table.Th>
  );
};

const ProcessRowView = ({
  project,
  columns,
  entries,
  today,
  onCellClick,
  onDeliveryWeek,
  onOpenProject,
}: ProcessRowProps) => (
  <Table.Tr data-project-id={project.id}>
    <RowHeader
      project={project}
      today={today}
      onDeliveryWeek={onDeliveryWeek}
      onOpenProject={onOpenProject}
    />
    {columns.map((column) => {
      const entry = entries[column.id];
      return (
        <ProcessCell
          key={column.id}
          project={project}
          column={column}
          entry={entry}
          state={cellStateOf(entry, today)}
          onClick={() => onCellClick(project.id, column.id)}
        />
      );
    })}
  </Table.Tr>
);

const sameEntries = (left: RowEntries, right: RowEntries) => {
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
};

/**
 * One project's row. Memoised on its own cells: a pushed cell re-renders its row only, which keeps
 * a page of 100 projects × 15 columns quick.
 */
export const ProcessRow = memo(
  ProcessRowView,
  (previous, next) =>
    previous.project === next.project &&
    previous.columns === next.columns &&
    previous.today === next.today &&
    previous.onCellClick === next.onCellClick &&
    previous.onDeliveryWeek === next.onDeliveryWeek &&
    previous.onOpenProject === next.onOpenProject &&
    sameEntries(previous.entries, next.entries),
);

/** The column header: its name in the interface language over a bar in its colour. */
export const ColumnHeader = ({ column }: { column: ProcessColumnDto }) => {
  const { t, i18n } = useTranslation('processes');
  return (
    <Table.Th
      className={classes.columnHeader}
      style={{ '--column-color': column.color } as CSSProperties}
      title={t('grid.columnHint', { count: column.factor })}
      data-column-key={column.key}
    >
      {nameIn(i18n.language, column)}
    </Table.Th>
  );
};
