import { Writable } from 'node:stream';
import type dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { type ExportCell, type ExportCellType, type ExportTable, kronerOf, osloTime } from './table';

const NUMBER_FORMATS: Partial<Record<ExportCellType, string>> = {
  money: '#,##0.00',
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm',
};

/**
 * Excel keeps no time zone: a date is the wall-clock day and time, written as if it were UTC (exceljs
 * turns a Date into a serial number from its UTC parts).
 */
const wallClock = (local: dayjs.Dayjs) =>
  new Date(Date.UTC(local.year(), local.month(), local.date(), local.hour(), local.minute(), local.second()));

const xlsxValue = (value: ExportCell, type: ExportCellType): ExcelJS.CellValue => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return type === 'money' ? kronerOf(value) : value;
  const text = String(value);
  if (type === 'date') return new Date(`${text.slice(0, 10)}T00:00:00Z`);
  if (type === 'datetime') return wallClock(osloTime(text));
  // Cells are written as strings, never formulas: a leading = in text stays text in XLSX.
  return text;
};

const WIDTHS: Record<ExportCellType, number> = { text: 24, number: 10, money: 14, date: 12, datetime: 17 };

/**
 * The XLSX of a table through exceljs's streaming workbook writer: each batch of rows is committed
 * (written to the zip and dropped), and the bytes the zip has produced so far are handed on. Stopping
 * the iteration (the client went away) stops the reading; the unfinished workbook is dropped.
 */
export async function* xlsxChunks(table: ExportTable, sheetName: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      done();
    },
  });
  const taken = () => {
    const bytes = Buffer.concat(pending);
    pending = [];
    return bytes;
  };
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, the column's and every one of its cells': exceljs caches a style's id
  // by the object, so a shared one is looked up once, where each cell's own copy of the column's style
  // would be turned into XML and looked up again (a third of the writer's time on 100 000 rows).
  const columnStyles: Partial<ExcelJS.Style>[] = table.columns.map((column) =>
    NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
  );
  sheet.columns = table.columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: WIDTHS[column.type],
    style: columnStyles[index],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of table.batches) {
    for (const row of batch) {
      const added = sheet.addRow(table.columns.map((column, index) => xlsxValue(row[index], column.type)));
      added.eachCell((cell, columnNumber) => {
        cell.style = columnStyles[columnNumber - 1] as ExcelJS.Style;
      });
      added.commit();
    }
    if (pending.length > 0) yield taken();
  }
  sheet.commit();
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
  });
  await workbook.commit();
  await finished;
  yield taken();
}
