import type { ProcessColumnDto, ProcessEntryDto, ProjectListItemDto } from '@karm/domain/contract';
import { Table } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollHint } from '@/components';
import classes from './process-grid.module.css';
import { ColumnHeader, ProcessRow, type RowEntries } from './process-row';

export type ProcessGridProps = {
  projects: readonly ProjectListItemDto[];
  columns: readonly ProcessColumnDto[];
  entries: readonly ProcessEntryDto[];
  today: string;
  onCellClick: (projectId: string, columnId: string) => void;
  /** Left out for whoever may not set delivery weeks: the rows then have no delivery week button. */
  onDeliveryWeek?: (projectId: string) => void;
  onOpenProject?: (projectId: string) => void;
};

const NO_ENTRIES: RowEntries = Object.freeze({});

/** The sticky project column's width (`.rowHeader` in the stylesheet). */
const PROJECT_COLUMN_WIDTH = 320;

/** Cells by project, then by column. Unchanged cells keep their identity, so rows can skip rendering. */
const indexEntries = (entries: readonly ProcessEntryDto[]) => {
  const byProject = new Map<string, Record<string, ProcessEntryDto>>();
  for (const entry of entries) {
    let row = byProject.get(entry.projectId);
    if (!row) {
      row = {};
      byProject.set(entry.projectId, row);
    }
    row[entry.processColumnId] = entry;
  }
  return byProject;
};

/**
 * Projects down, process columns across. The box scrolls both ways with the column headers and the
 * project column sticky; every cell is a button that opens the process edit dialog.
 */
export const ProcessGrid = ({
  projects,
  columns,
  entries,
  today,
  onCellClick,
  onDeliveryWeek,
  onOpenProject,
}: ProcessGridProps) => {
  const { t } = useTranslation('processes');
  const byProject = useMemo(() => indexEntries(entries), [entries]);
  const scroller = useRef<HTMLElement>(null);
  return (
    <div className={classes.frame}>
      {/* A focusable region, so keyboard users can scroll the grid sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section ref={scroller} className={classes.scroller} aria-label={t('grid.label')} tabIndex={0}>
        <Table className={classes.table} withRowBorders={false} horizontalSpacing={0} verticalSpacing={0}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.corner}>{t('grid.project')}</Table.Th>
              {columns.map((column) => (
                <ColumnHeader key={column.id} column={column} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.map((project) => (
              <ProcessRow
                key={project.id}
                project={project}
                columns={columns}
                entries={byProject.get(project.id) ?? NO_ENTRIES}
                today={today}
                onCellClick={onCellClick}
                onDeliveryWeek={onDeliveryWeek}
                onOpenProject={onOpenProject}
              />
            ))}
          </Table.Tbody>
        </Table>
      </section>
      <ScrollHint target={scroller} leftInset={PROJECT_COLUMN_WIDTH} />
    </div>
  );
};
