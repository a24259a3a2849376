import dayjs from 'dayjs';
import { BUSINESS_TIME_ZONE } from '../clock';

/**
 * A table to export: typed columns and rows that arrive in batches. The writers (CSV, XLSX) turn
 * it into bytes batch by batch, so a list of any length passes through without being held.
 *
 * Cell types: `text`; `number`; `money` (integer øre, written as kroner with 2 decimals); `date` (a
 * date-only `YYYY-MM-DD`); `datetime` (an instant, shown in Oslo time).
 */
export type ExportCellType = 'text' | 'number' | 'money' | 'date' | 'datetime';
export type ExportCell = string | number | boolean | null | undefined;

export type ExportTableColumn = { header: string; type: ExportCellType };

export type ExportTable = {
  columns: readonly ExportTableColumn[];
  /** Rows of cells in column order, a batch at a time; stopping the iteration stops the reading. */
  batches: AsyncIterable<ExportCell[][]>;
  locale: 'en' | 'nb';
  /** How a true and a false cell read in CSV (XLSX keeps them as booleans). */
  yesNo: readonly [string, string];
};

/** øre → kroner, exact to the øre. */
export const kronerOf = (ore: number) => ore / 100;

/** An instant's Oslo wall-clock time: what the person saw on the screen. */
export const osloTime = (instant: string) => dayjs(instant).tz(BUSINESS_TIME_ZONE);

/** `YYYY-MM-DD` → `dd.MM.yyyy` (the house date format). */
export const displayDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export const displayDateTime = (instant: string) => osloTime(instant).format('DD.MM.YYYY HH:mm');

/** A date shown in a file's name (`projects-27.11.2026.xlsx`). */
export const fileNameDate = displayDate;
