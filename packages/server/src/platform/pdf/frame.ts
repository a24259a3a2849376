import type { Content, Margins, StyleDictionary, TDocumentDefinitions } from 'pdfmake';
import { formatPdfDate } from './format';
import type { PdfImage } from './images';
import { type PdfLocale, pdfLabels } from './labels';
import { CONTENT_WIDTH, PAGE_MARGINS } from './render';

export type PdfCompany = { name: string; organisationNumber: string | null };

/** What every business document (work order, offer, order confirmation, service report) frames its content with. */
export type PdfFrame = {
  locale: PdfLocale;
  /** The document's title, for the PDF's properties ("Arbeidsordre 1042"). */
  title: string;
  company: PdfCompany;
  /** The company's logo, top left; without one the company name stands there. */
  logo: PdfImage | null;
  /** The company's footer image, bottom of every page; without one `footerText` stands there. */
  footer: PdfImage | null;
  /** Defaults to the company name and organisation number. */
  footerText?: string;
  /** The document's date (`YYYY-MM-DD`), printed top right as dd.MM.yyyy. */
  date: string | null;
  /** Written into the PDF's properties; defaults to now. */
  createdAt?: Date;
};

const MUTED = '#555555';
const RULE = '#9a9a9a';
const LOGO_BOX: [number, number] = [180, 50];
const PAGE_NUMBER_WIDTH = 90;
const FOOTER_IMAGE_BOX: [number, number] = [CONTENT_WIDTH - PAGE_NUMBER_WIDTH - 10, 36];

/** Styles documents share; a document may add its own. */
export const PDF_STYLES: StyleDictionary = {
  companyName: { fontSize: 14, bold: true },
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
  subtitle: { fontSize: 12, margin: [0, 0, 0, 12] },
  sectionTitle: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
  label: { color: MUTED },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
  small: { fontSize: 8, color: MUTED },
};

const rule = (margin: Margins = 0): Content => ({
  canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.5, lineColor: RULE }],
  margin,
});

const present = (...items: (Content | null | false | undefined)[]): Content[] =>
  items.filter((item): item is Content => Boolean(item));

/**
 * The standard document: A4, the company's logo (or name) at the top with its details and the date,
 * the footer image (or text) and "Side 1 av 2" / "Page 1 of 2" at the bottom of every page.
 */
export const framedDocument = (
  frame: PdfFrame,
  content: Content[],
  extra: Partial<TDocumentDefinitions> = {},
): TDocumentDefinitions => {
  const t = pdfLabels(frame.locale);
  const { company } = frame;
  const organisationNumber = company.organisationNumber
    ? `${t('organisationNumber')} ${company.organisationNumber}`
    : null;
  const footerText = frame.footerText ?? [company.name, organisationNumber].filter(Boolean).join(' · ');
  const [left, , right] = PAGE_MARGINS;

  return {
    info: {
      title: frame.title,
      author: company.name,
      subject: frame.title,
      creator: 'Karm',
      producer: 'Karm',
      creationDate: frame.createdAt ?? new Date(),
    },
    header: () => ({
      margin: [left, 28, right, 0],
      stack: [
        {
          columns: [
            frame.logo
              ? { image: frame.logo, fit: LOGO_BOX, width: LOGO_BOX[0] }
              : { text: company.name, style: 'companyName', width: '*' },
            {
              width: '*',
              alignment: 'right',
              fontSize: 9,
              stack: present(
                frame.logo && { text: company.name, bold: true },
                organisationNumber,
                frame.date && `${t('date')}: ${formatPdfDate(frame.date)}`,
              ),
            },
          ],
        },
        rule([0, 8, 0, 0]),
      ],
    }),
    footer: (currentPage, pageCount) => ({
      margin: [left, 14, right, 0],
      stack: [
        rule(),
        {
          margin: [0, 6, 0, 0],
          columns: [
            frame.footer
              ? { image: frame.footer, fit: FOOTER_IMAGE_BOX, width: FOOTER_IMAGE_BOX[0] }
              : { text: footerText, style: 'small', width: '*' },
            {
              text: t('pageOf', { page: currentPage, pages: pageCount }),
              style: 'small',
              alignment: 'right',
              width: '*',
            },
          ],
        },
      ],
    }),
    ...extra,
    content,
    styles: { ...PDF_STYLES, ...extra.styles },
  };
};
