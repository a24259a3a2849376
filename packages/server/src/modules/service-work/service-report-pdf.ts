import type { ServiceVisitRowDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import type { Content, TableCell } from 'pdfmake';
import type { Actor, AppContext } from '../../platform/context';
import { dataTable, documentTitle, fieldList, pictureGrid, sectionTitle } from '../../platform/pdf/blocks';
import { formatPdfDate, joinLines } from '../../platform/pdf/format';
import { framedDocument } from '../../platform/pdf/frame';
import type { PdfImage } from '../../platform/pdf/images';
import { documentLabels } from '../../platform/pdf/labels';
import { renderPdf } from '../../platform/pdf/render';
import { companyForPdf } from '../company/company-files';
import { storedPdfPictures } from '../files/pdf-images';
import { visitPictureIds } from './service-visit-rows';

/**
 * The service report and the per-door logbook as A4 PDFs in the shared frame (issue 19). Both print
 * an item's visit with one renderer (`visitSection`): its answered rows with the answers in their
 * colours, comments and deviations, then its pictures as thumbnails in a grid. A picture that cannot
 * be added is left out with a logged warning (SPEC §8) and counted, never a failed document.
 */

const NB = {
  report: 'Servicerapport',
  reportFileName: 'servicerapport',
  logbook: 'Loggbok',
  logbookFileName: 'loggbok',
  customer: 'Kunde',
  site: 'Adresse',
  project: 'Prosjekt',
  visitDate: 'Besøksdato',
  technician: 'Tekniker',
  item: 'Objekt {number}',
  floor: 'Etasje {floor}',
  template: 'Mal',
  row: 'Punkt',
  answer: 'Svar',
  comment: 'Kommentar',
  deviation: 'Avvik {number}',
  deviationsFound: 'Avvik funnet',
  noDeviations: 'Ingen avvik funnet.',
  pictures: 'Bilder',
  signature: 'Kundens signatur',
  signedBy: 'Signert av',
  visit: 'Besøk {date}',
  byTechnician: 'utført av {name}',
  noVisits: 'Ingen besøk er registrert ennå.',
  items: 'Objekter',
} as const;
const EN: Record<keyof typeof NB, string> = {
  report: 'Service report',
  reportFileName: 'service-report',
  logbook: 'Logbook',
  logbookFileName: 'logbook',
  customer: 'Customer',
  site: 'Address',
  project: 'Project',
  visitDate: 'Visit date',
  technician: 'Technician',
  item: 'Item {number}',
  floor: 'Floor {floor}',
  template: 'Template',
  row: 'Row',
  answer: 'Answer',
  comment: 'Comment',
  deviation: 'Deviation {number}',
  deviationsFound: 'Deviations found',
  noDeviations: 'No deviations found.',
  pictures: 'Pictures',
  signature: "Customer's signature",
  signedBy: 'Signed by',
  visit: 'Visit {date}',
  byTechnician: 'by {name}',
  noVisits: 'No visits recorded yet.',
  items: 'Items',
};
const labels = documentLabels(NB, EN);
type Labels = ReturnType<typeof labels>;

/** A service item as the documents name it: number, name, floor and template. */
export type PdfServiceItem = { number: number; name: string; floor: string; templateName: string };
/** The project a document belongs to, with its customer and site. */
export type PdfServiceProject = {
  number: number;
  name: string;
  customerName: string;
  address: string;
  postalCode: string;
  city: string;
};
type Pictures = ReadonlyMap<string, PdfImage | null>;

const itemTitle = (item: PdfServiceItem, t: Labels) =>
  [
    `${t('item', { number: item.number })}${item.name ? ` – ${item.name}` : ''}`,
    item.floor && t('floor', { floor: item.floor }),
  ]
    .filter(Boolean)
    .join(' · ');

const rowCells = (row: ServiceVisitRowDto, pictures: Pictures, t: Labels): TableCell[] => {
  const signature = row.signatureFileId ? pictures.get(row.signatureFileId) : null;
  const answer: Content[] = [
    ...(row.answers.length > 0
      ? [
          {
            text: row.answers.map((chosen, index) => ({
              text: `${index > 0 ? ', ' : ''}${chosen.name}`,
              color: chosen.color,
              bold: true,
            })),
          },
        ]
      : []),
    ...(row.value ? [{ text: row.value }] : []),
    ...(signature ? [{ image: signature, fit: [110, 40] as [number, number] }] : []),
  ];
  const notes = joinLines(
    row.comment,
    row.deviation && `${t('deviation', { number: row.deviation.number })}: ${row.deviation.title}`,
  );
  return [
    { stack: [{ text: row.groupName, style: 'small' }, { text: row.rowName }] },
    answer.length > 0 ? { stack: answer } : { text: '–' },
    { text: notes },
  ];
};

/**
 * One item's visit: its title line (`heading`), the answered rows, then the rows' pictures as a grid
 * of thumbnails. The service report prints one per item; the logbook one per visit.
 */
export const visitSection = (
  heading: Content[],
  rows: readonly ServiceVisitRowDto[],
  pictures: Pictures,
  t: Labels,
): Content[] => {
  const embedded = rows.flatMap((row) =>
    row.pictureIds.flatMap((id) => {
      const picture = pictures.get(id);
      return picture ? [picture] : [];
    }),
  );
  return [
    ...heading,
    dataTable(
      [t('row'), t('answer'), t('comment')],
      rows.map((row) => rowCells(row, pictures, t)),
      ['*', 120, 170],
    ),
    ...(embedded.length > 0
      ? [{ text: t('pictures'), style: 'label', margin: [0, 6, 0, 3] } as Content, ...pictureGrid(embedded)]
      : []),
  ];
};

const siteLine = (project: PdfServiceProject) =>
  [project.address, [project.postalCode, project.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

const deviationsTable = (
  visits: readonly { item: PdfServiceItem; rows: readonly ServiceVisitRowDto[] }[],
  t: Labels,
): Content[] => {
  const found = visits.flatMap(({ item, rows }) =>
    rows.flatMap((row) => (row.deviation ? [{ item, row, deviation: row.deviation }] : [])),
  );
  return [
    sectionTitle(t('deviationsFound')),
    found.length === 0
      ? { text: t('noDeviations') }
      : dataTable(
          [t('deviation', { number: '' }).trim(), t('items'), t('row')],
          found.map(({ item, row, deviation }): TableCell[] => [
            { text: `${deviation.number} ${deviation.title}`.trim() },
            { text: itemTitle(item, t) },
            { text: row.rowName },
          ]),
          [170, '*', 150],
        ),
  ];
};

/** Loads the pictures of the given rows (shared helper of the files module) and counts those left out. */
const loadPictures = async (ctx: AppContext, companyId: string, rows: readonly ServiceVisitRowDto[]) => {
  const ids = visitPictureIds(rows);
  const pictures = await storedPdfPictures(ctx, companyId, ids);
  const skipped = new Set(ids.filter((id) => !pictures.get(id))).size;
  return { pictures, skipped, total: new Set(ids).size };
};

export type ServiceReportPdfInput = {
  reportNumber: number;
  project: PdfServiceProject;
  visitDate: string;
  technicianName: string;
  items: { item: PdfServiceItem; rows: ServiceVisitRowDto[] }[];
  signedName: string;
  signature: PdfImage | null;
  locale?: Locale;
  createdAt: Date;
};

/** The service report PDF, its file name ("servicerapport-1042-3.pdf") and what was left out. */
export const renderServiceReportPdf = async (ctx: AppContext, actor: Actor, input: ServiceReportPdfInput) => {
  const [{ company, logo, footer }, loaded] = await Promise.all([
    companyForPdf(ctx, actor),
    loadPictures(
      ctx,
      actor.companyId,
      input.items.flatMap((entry) => entry.rows),
    ),
  ]);
  // The company's document language unless the person picks another (as the offer and work order).
  const locale: Locale = input.locale ?? company.documentLanguage;
  const t = labels(locale);
  const title = `${t('report')} ${input.project.number}-${input.reportNumber}`;
  const content: Content[] = [
    ...documentTitle(title, input.project.name),
    fieldList([
      [t('customer'), input.project.customerName],
      [t('site'), siteLine(input.project)],
      [t('project'), `${input.project.number} ${input.project.name}`],
      [t('visitDate'), formatPdfDate(input.visitDate)],
      [t('technician'), input.technicianName],
    ]),
    ...input.items.flatMap(({ item, rows }) =>
      visitSection(
        [{ ...(sectionTitle(itemTitle(item, t)) as object), margin: [0, 14, 0, 4] } as Content],
        rows,
        loaded.pictures,
        t,
      ),
    ),
    ...deviationsTable(input.items, t),
    {
      unbreakable: true,
      stack: [
        sectionTitle(t('signature')),
        ...(input.signature ? [{ image: input.signature, fit: [200, 70] } as Content] : []),
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.7 }] },
        { text: `${t('signedBy')}: ${input.signedName}`, margin: [0, 3, 0, 0] },
      ],
    },
  ];
  const bytes = await renderPdf(
    framedDocument(
      { locale, title, company, logo, footer, date: input.visitDate, createdAt: input.createdAt },
      content,
    ),
  );
  return {
    fileName: `${t('reportFileName')}-${input.project.number}-${input.reportNumber}.pdf`,
    bytes,
    locale,
    pictureCount: loaded.total,
    skippedPictureCount: loaded.skipped,
  };
};

export type LogbookPdfInput = {
  project: PdfServiceProject;
  item: PdfServiceItem;
  visits: { visitDate: string; technicianName: string; reportNumber: number; rows: ServiceVisitRowDto[] }[];
  locale?: Locale;
  today: string;
};

/** One item's logbook: every visit, newest first, each printed as the report prints it. */
export const renderLogbookPdf = async (ctx: AppContext, actor: Actor, input: LogbookPdfInput) => {
  const [{ company, logo, footer }, loaded] = await Promise.all([
    companyForPdf(ctx, actor),
    loadPictures(
      ctx,
      actor.companyId,
      input.visits.flatMap((visit) => visit.rows),
    ),
  ]);
  const locale: Locale = input.locale ?? company.documentLanguage;
  const t = labels(locale);
  const title = `${t('logbook')} – ${itemTitle(input.item, t)}`;
  const content: Content[] = [
    ...documentTitle(title, `${input.project.number} ${input.project.name}`),
    fieldList([
      [t('customer'), input.project.customerName],
      [t('site'), siteLine(input.project)],
      [t('template'), input.item.templateName],
    ]),
    ...(input.visits.length === 0 ? [{ text: t('noVisits'), margin: [0, 12, 0, 0] } as Content] : []),
    ...input.visits.flatMap((visit) =>
      visitSection(
        [
          {
            ...(sectionTitle(
              `${t('visit', { date: formatPdfDate(visit.visitDate) })} · ${t('report')} ${input.project.number}-${visit.reportNumber}`,
            ) as object),
            margin: [0, 14, 0, 0],
          } as Content,
          { text: t('byTechnician', { name: visit.technicianName }), style: 'small', margin: [0, 0, 0, 4] },
        ],
        visit.rows,
        loaded.pictures,
        t,
      ),
    ),
  ];
  const bytes = await renderPdf(
    framedDocument(
      { locale, title, company, logo, footer, date: input.today, createdAt: ctx.clock.now() },
      content,
    ),
  );
  return {
    fileName: `${t('logbookFileName')}-${input.project.number}-${input.item.number}.pdf`,
    bytes,
  };
};
