import type { Content, Size, TableCell } from 'pdfmake';
import type { PdfImage } from './images';
import { CONTENT_WIDTH } from './render';

/** Building blocks business documents share, so a work order and an offer look like one family. */

export const sectionTitle = (text: string): Content => ({ text, style: 'sectionTitle' });

/** The document's title and the line under it ("Arbeidsordre 1042" / "Skole Lørenskog"). */
export const documentTitle = (title: string, subtitle?: string): Content[] => [
  { text: title, style: 'title' },
  ...(subtitle ? [{ text: subtitle, style: 'subtitle' } as Content] : []),
];

/** Label and value pairs in two columns, without lines; an empty value prints as `empty`. */
export const fieldList = (fields: [label: string, value: string][], empty = '–'): Content => ({
  layout: 'noBorders',
  table: {
    widths: ['auto', '*'],
    body: fields.map(([label, value]): TableCell[] => [
      { text: label, style: 'label', margin: [0, 1, 8, 1] },
      { text: value || empty, margin: [0, 1, 0, 1] },
    ]),
  },
});

/** Blocks side by side, each taking an equal share of the width. */
export const sideBySide = (...blocks: Content[]): Content => ({
  columns: blocks.map((block) => ({ width: '*', stack: [block] })),
  columnGap: 18,
});

/** A table with a shaded header row that repeats on every page it runs over. */
export const dataTable = (header: TableCell[], rows: TableCell[][], widths: Size[]): Content => ({
  layout: 'lightHorizontalLines',
  table: {
    headerRows: 1,
    widths,
    body: [
      header.map((cell) => (typeof cell === 'object' ? cell : { text: cell, style: 'tableHeader' })),
      ...rows,
    ],
  },
});

/** A titled block of free text, kept on one page with its title; nothing when the text is blank. */
export const notesBlock = (title: string, text: string | null | undefined): Content[] =>
  text?.trim() ? [{ unbreakable: true, stack: [sectionTitle(title), { text: text.trim() }] }] : [];

/** Lines to sign on, each with its caption under it, kept together on one page. */
export const signatureLines = (captions: string[], lineWidth = 150): Content => ({
  unbreakable: true,
  margin: [0, 36, 0, 0],
  columns: captions.map((caption) => ({
    width: '*',
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: lineWidth, y2: 0, lineWidth: 0.7 }] },
      { text: caption, style: 'small', margin: [0, 3, 0, 0] },
    ],
  })),
  columnGap: 18,
});

/** Thumbnails in a grid of `columns` equal cells, each picture fitted into its square cell. */
export const pictureGrid = (pictures: PdfImage[], columns = 4, gap = 6): Content[] => {
  if (pictures.length === 0) return [];
  const cell = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
  const rows: PdfImage[][] = [];
  for (let start = 0; start < pictures.length; start += columns)
    rows.push(pictures.slice(start, start + columns));
  return rows.map(
    (row): Content => ({
      columns: Array.from({ length: columns }, (_, index): Content => {
        const picture = row[index];
        return picture ? { image: picture, fit: [cell, cell], width: cell } : { text: '', width: cell };
      }),
      columnGap: gap,
      margin: [0, 0, 0, gap],
      unbreakable: true,
    }),
  );
};
