import { CSV_SEPARATOR } from '@karm/domain/contract';
import {
  displayDate,
  displayDateTime,
  type ExportCell,
  type ExportCellType,
  type ExportTable,
  kronerOf,
} from './table';

/** Excel reads a UTF-8 CSV as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell that starts like a formula is run as one by Excel and LibreOffice (CSV injection: `=HYPERLINK…`,
 * `+cmd|…`, `@SUM…`); a leading `'` makes it text. Tab and carriage return start formulas too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const guarded = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** RFC 4180: a field with the separator, a quote or a line break is quoted, its quotes doubled. */
export const csvField = (text: string) => (/[";\r\n,]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

const numberText = (value: number, decimals: number | null, locale: ExportTable['locale']) => {
  const text = decimals === null ? String(value) : value.toFixed(decimals);
  // Norwegian Excel reads a decimal comma; the separator is `;`, so the comma needs no quoting.
  return locale === 'nb' ? text.replace('.', ',') : text;
};

export const csvCell = (
  value: ExportCell,
  type: ExportCellType,
  table: Omit<ExportTable, 'columns' | 'batches'>,
): string => {
  const { locale } = table;
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? table.yesNo[0] : table.yesNo[1];
  if (typeof value === 'number') {
    // Typed numbers are ours, never user text: no formula guard (a negative amount keeps its minus).
    if (type === 'money') return numberText(kronerOf(value), 2, locale);
    return numberText(value, null, locale);
  }
  const text = String(value);
  if (type === 'date') return displayDate(text);
  if (type === 'datetime') return displayDateTime(text);
  return csvField(guarded(text));
};

const CHUNK_CHARS = 64 * 1024;

const csvLine = (cells: string[]) => `${cells.join(CSV_SEPARATOR)}\r\n`;

/** The CSV of a table, a batch of lines at a time: BOM, a header line, then the rows (CRLF line ends). */
export async function* csvChunks(table: ExportTable): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(table.columns.map((column) => csvField(guarded(column.header))));
  for await (const batch of table.batches) {
    let text = '';
    for (const row of batch) {
      text += csvLine(table.columns.map((column, index) => csvCell(row[index], column.type, table)));
      // Handed on in pieces of about 64 kB, so the response's back-pressure paces row by row.
      if (text.length >= CHUNK_CHARS) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
}
