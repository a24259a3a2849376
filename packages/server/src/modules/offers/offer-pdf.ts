import type { ContactDto, OfferDto, OfferLineDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { addDays, osloDateOf, VAT_RATE_PERCENT, vatTotals } from '@karm/domain/rules';
import type { Content, TableCell } from 'pdfmake';
import type { Actor, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import {
  dataTable,
  documentTitle,
  fieldList,
  notesBlock,
  sectionTitle,
  sideBySide,
} from '../../platform/pdf/blocks';
import { formatPdfDate, formatPdfMoney, formatPdfNumber, joinLines } from '../../platform/pdf/format';
import { framedDocument } from '../../platform/pdf/frame';
import { pdfLabels } from '../../platform/pdf/labels';
import { renderPdf } from '../../platform/pdf/render';
import { companyForPdf } from '../company/company-files';
import { getContact } from '../customers/contacts.service';
import { findOwnCustomer } from '../customers/customers.service';
import { readOfferSettings } from './offer-config.service';
import { linesOfOffer } from './offer-lines';
import { offerPdfLabels } from './offer-pdf-labels';
import { findOwnOffer, toOfferDto } from './offers.service';

/**
 * The offer PDF (SPEC §1, §9: A4 in points): the company's logo and footer, customer and contact,
 * project name and address, the lines with their totals, VAT 25 % and the total with VAT, how long
 * the offer is valid, and the payment plan. Laid out like the work order (platform/pdf blocks).
 */

/** The contact printed on a document, if it still exists (a removed one is left out). */
export const contactForPdf = async (
  ctx: AppContext,
  actor: Actor,
  contactId: string | null,
): Promise<ContactDto | null> => {
  if (!contactId) return null;
  try {
    return await getContact(ctx, actor, contactId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};

/** A contact's name, phone and e-mail, one a line. */
export const contactLineOf = (contact: ContactDto) =>
  joinLines(contact.displayName, contact.phoneNumberMobile || contact.phoneNumber, contact.email);

/** A customer of the register as a document prints it: name and postal address. */
export const registeredCustomerForPdf = async (
  ctx: AppContext,
  actor: Actor,
  customerId: string,
  fallbackName: string,
) => {
  const customer = await findOwnCustomer(ctx.db, actor.companyId, customerId).catch(() => null);
  const postal = customer?.postalAddress;
  return {
    name: customer?.name ?? fallbackName,
    address: postal
      ? joinLines(
          postal.addressLine1,
          postal.addressLine2,
          [postal.postalCode, postal.city].filter(Boolean).join(' '),
        )
      : '',
  };
};

const customerBlock = async (ctx: AppContext, actor: Actor, offer: OfferDto) => {
  if (offer.oneTimeCustomer) {
    const { name, address, email, phone } = offer.oneTimeCustomer;
    return { name, address, contactLine: joinLines(phone, email) };
  }
  if (!offer.customerId) return { name: '', address: '', contactLine: '' };
  return {
    ...(await registeredCustomerForPdf(ctx, actor, offer.customerId, offer.customer?.name ?? '')),
    contactLine: '',
  };
};

type PrintedLine = Pick<
  OfferLineDto,
  'description' | 'count' | 'unitPrice' | 'discountPercent' | 'salesPrice'
>;

const lineRows = (lines: PrintedLine[], locale: Locale, emptyText: string): TableCell[][] =>
  lines.length > 0
    ? lines.map((line): TableCell[] => [
        { text: line.description || '–' },
        { text: formatPdfNumber(line.count, locale), alignment: 'right' },
        { text: formatPdfMoney(line.unitPrice), alignment: 'right' },
        {
          text: line.discountPercent ? `${formatPdfNumber(line.discountPercent, locale)} %` : '',
          alignment: 'right',
        },
        { text: formatPdfMoney(line.salesPrice), alignment: 'right' },
      ])
    : [[{ text: emptyText, italics: true, colSpan: 5 }, {}, {}, {}, {}]];

export const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** The lines of an offer or order confirmation: description, count, unit price, discount, total. */
export const linesTable = (locale: Locale, lines: PrintedLine[]): Content => {
  const t = pdfLabels(locale);
  const o = offerPdfLabels(locale);
  return dataTable(
    [
      t('description'),
      { text: t('count'), style: 'tableHeader', alignment: 'right' },
      { text: o('unitPrice'), style: 'tableHeader', alignment: 'right' },
      { text: o('discount'), style: 'tableHeader', alignment: 'right' },
      { text: o('lineTotal'), style: 'tableHeader', alignment: 'right' },
    ],
    lineRows(lines, locale, o('noLines')),
    ['*', 45, 75, 45, 80],
  );
};

/** Total ex. VAT, VAT 25 % and the total with VAT, on the right under the lines. */
export const totalsTable = (
  locale: Locale,
  { totalExVat, vat, total }: { totalExVat: number; vat: number; total: number },
): Content => {
  const o = offerPdfLabels(locale);
  return {
    margin: [0, 8, 0, 0],
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        layout: 'noBorders',
        table: {
          body: [
            [right(o('totalExVat')), right(formatPdfMoney(totalExVat))],
            [right(o('vat', { percent: VAT_RATE_PERCENT })), right(formatPdfMoney(vat))],
            [right(o('totalIncVat'), true), right(formatPdfMoney(total), true)],
          ],
        },
      },
    ],
  };
};

export const renderOfferPdf = async (
  ctx: AppContext,
  actor: Actor,
  input: { offerId: string; locale?: Locale },
) => {
  const row = await findOwnOffer(ctx.db, actor.companyId, input.offerId);
  const [offer, lines, { company, logo, footer }, config] = await Promise.all([
    toOfferDto(ctx, actor.companyId, row),
    linesOfOffer(ctx.db, actor.companyId, row.id),
    companyForPdf(ctx, actor),
    readOfferSettings(ctx.db, actor.companyId).then((settings) => settings.config),
  ]);
  // A document is written in the company's document language unless the person picks another.
  const locale: Locale = input.locale ?? company.documentLanguage;
  const [contact, customer] = await Promise.all([
    contactForPdf(ctx, actor, offer.contactId),
    customerBlock(ctx, actor, offer),
  ]);
  const t = pdfLabels(locale);
  const o = offerPdfLabels(locale);
  const today = osloDateOf(ctx.clock.now());
  const offerDate = osloDateOf(new Date(offer.createdAt));
  const contactLine = contact ? contactLineOf(contact) : customer.contactLine;

  const content: Content[] = [
    ...documentTitle(`${o('offer')} ${offer.number}`, offer.projectName),
    sideBySide(
      {
        stack: [
          sectionTitle(t('customer')),
          fieldList([
            [t('name'), customer.name],
            [t('address'), customer.address],
            [t('contact'), contactLine],
          ]),
        ],
      },
      {
        stack: [
          sectionTitle(t('project')),
          fieldList([
            [o('offerNumber'), String(offer.number)],
            [o('offerDate'), formatPdfDate(offerDate)],
            [
              t('projectAddress'),
              joinLines(offer.projectAddress, [offer.postalCode, offer.city].filter(Boolean).join(' ')),
            ],
            [o('salesperson'), offer.owner?.displayName ?? ''],
          ]),
        ],
      },
    ),
    sectionTitle(o('lines')),
    linesTable(locale, lines),
    totalsTable(locale, vatTotals(offer.value)),
    {
      text: o('validUntil', { date: formatPdfDate(addDays(today, config.validityDays)) }),
      margin: [0, 12, 0, 0],
    },
    ...(offer.paymentPlan.length > 0
      ? [
          sectionTitle(o('paymentPlan')),
          dataTable(
            [t('description'), { text: '%', style: 'tableHeader', alignment: 'right' }],
            offer.paymentPlan.map((part): TableCell[] => [
              { text: part.description || '–' },
              right(`${formatPdfNumber(part.percent, locale)} %`),
            ]),
            ['*', 60],
          ),
        ]
      : []),
    ...notesBlock(o('comment'), offer.comment),
  ];

  const title = `${o('offer')} ${offer.number}`;
  const bytes = await renderPdf(
    framedDocument(
      {
        locale,
        title,
        company,
        logo,
        footer,
        date: today,
        createdAt: ctx.clock.now(),
      },
      content,
    ),
  );
  return { fileName: `${o('offerFileName')}-${offer.number}.pdf`, bytes, locale };
};
