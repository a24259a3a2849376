import { CSV_SEPARATOR } from '@karm/domain/contract';

/**
 * Reads a CSV Karm wrote (RFC 4180 with `;`, CRLF, an optional BOM) back into rows of fields: for the
 * tests and the benchmark, which check exports against the lists.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (isQuoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === CSV_SEPARATOR) {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field || row.length > 0) rows.push([...row, field]);
  return rows;
};
