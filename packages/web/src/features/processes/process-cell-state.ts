import type { ProcessColumnDto, ProcessEntryDto } from '@karm/domain/contract';

/**
 * How a grid cell looks: `inactive` (the step is switched off for this project, greyed), `done` (its
 * completed or received note date is set, green), `overdue` (not done and its date has passed, red),
 * `open` (planned, neutral) and `empty` (no cell yet, e.g. a column added after the project).
 * The same reading of "done" and "overdue" as the server's process filter.
 */
export type CellState = 'inactive' | 'done' | 'overdue' | 'open' | 'empty';

export const isDone = (entry: Pick<ProcessEntryDto, 'noteDates'>) =>
  Boolean(entry.noteDates.completed || entry.noteDates.received);

export const cellStateOf = (entry: ProcessEntryDto | undefined, today: string): CellState => {
  if (!entry) return 'empty';
  if (!entry.isActive) return 'inactive';
  if (isDone(entry)) return 'done';
  if (entry.date !== null && entry.date < today) return 'overdue';
  return 'open';
};

/** Column and sub-process names follow the interface language: Norwegian for nb, English otherwise. */
export const nameIn = (language: string, named: Pick<ProcessColumnDto, 'nameNo' | 'nameEn'>) =>
  language.startsWith('nb') || language.startsWith('no') ? named.nameNo : named.nameEn;
