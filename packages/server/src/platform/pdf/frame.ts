import type { CompanyDto } from '@karm/domain/contract';
import { formatOrganisationNumber } from '@karm/domain/rules';
import type { Content, Margins, StyleDictionary, TDocumentDefinitions } from 'pdfmake';
import { formatPdfDate } from './format';
import type { PdfImage } from './images';
import { type PdfLabelFn, type PdfLocale, pdfLabels } from './labels';
import { CONTENT_WIDTH, PAGE_MARGINS } from './render';

/** What a business document prints of the sender: the company settings' details (SPEC §3). */
export type PdfCompany = Pick<
  CompanyDto,
  | 'name'
  | 'organisationNumber'
  | 'isVatRegistered'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'phone'
  | 'email'
  | 'web'
  | 'bankAccount'
>;

/** What every business document (work order, offer, order confirmation, service report) frames its content with. */
export type PdfFrame = {
  locale: PdfLocale;
  /** The document's title, for the PDF's properties ("Arbeidsordre 1042"). */
  title: string;
  company: PdfCompany;
  /** The company's logo, top left; without one the company name stands there. */
  logo: PdfImage | null;
  /** The company's footer image, bottom of every page, above the company's contact line. */
  footer: PdfImage | null;
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

const joined = (separator: string, ...parts: (string | null | undefined | false)[]) =>
  parts
    .map((part) => (part || '').trim())
    .filter(Boolean)
    .join(separator);

/**
 * "Org.nr. 923 609 016 MVA" — the way Norwegian business documents name the company; "MVA" follows
 * the number when the company is registered for VAT, in either language (it is part of the number
 * as the VAT register writes it).
 */
export const organisationNumberLine = (company: PdfCompany, t: PdfLabelFn): string | null =>
  company.organisationNumber
    ? joined(
        ' ',
        t('organisationNumber'),
        formatOrganisationNumber(company.organisationNumber),
        company.isVatRegistered && t('vatRegistered'),
      )
    : null;

/** "Storgata 1, 0155 Oslo". */
const postalAddressLine = (company: PdfCompany) =>
  joined(', ', company.address, joined(' ', company.postalCode, company.city));

/** Phone, e-mail, web and bank account on one line, as the foot of a business letter has them. */
const contactLine = (company: PdfCompany, t: PdfLabelFn) =>
  joined(
    ' · ',
    company.phone && `${t('phoneShort')} ${company.phone}`,
    company.email,
    company.web,
    company.bankAccount && `${t('bankAccount')} ${company.bankAccount}`,
  );

/**
 * The standard document: A4, the company's logo (or name) at the top with its address, organisation
 * number and the date; at the bottom of every page the footer image, the company's contact line
 * (phone, e-mail, web, bank account) and "Side 1 av 2" / "Page 1 of 2".
 */
export const framedDocument = (
  frame: PdfFrame,
  content: Content[],
  extra: Partial<TDocumentDefinitions> = {},
): TDocumentDefinitions => {
  const t = pdfLabels(frame.locale);
  const { company } = frame;
  const organisationNumber = organisationNumberLine(company, t);
  // Without any contact details the foot still says whose document it is.
  const footerText = contactLine(company, t) || joined(' · ', company.name, organisationNumber);
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
                postalAddressLine(company),
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
            {
              width: FOOTER_IMAGE_BOX[0],
              stack: present(
                frame.footer && { image: frame.footer, fit: FOOTER_IMAGE_BOX, margin: [0, 0, 0, 3] },
                { text: footerText, style: 'small' },
              ),
            },
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
