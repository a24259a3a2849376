import type { ConfirmationDto, PaymentRuleDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { WHOLE_IN_BASIS_POINTS } from '@karm/domain/rules';
import type { Content, TableCell } from 'pdfmake';
import type { Actor, AppContext } from '../../platform/context';
import {
  dataTable,
  documentTitle,
  fieldList,
  notesBlock,
  sectionTitle,
  sideBySide,
} from '../../platform/pdf/blocks';
import { formatPdfDate, formatPdfMoney, formatPdfNumber } from '../../platform/pdf/format';
import { framedDocument } from '../../platform/pdf/frame';
import { pdfLabels } from '../../platform/pdf/labels';
import { renderPdf } from '../../platform/pdf/render';
import { companyForPdf } from '../company/company-files';
import {
  contactForPdf,
  contactLineOf,
  linesTable,
  registeredCustomerForPdf,
  right,
  totalsTable,
} from '../offers/offer-pdf';
import { findOwnOffer } from '../offers/offers.service';
import { listProcessColumns } from '../processes/process-columns.service';
import { findOwnProject } from '../projects/projects.service';
import { confirmationDto } from './confirmation-dto';
import { confirmationPdfLabels } from './confirmation-pdf-labels';
import { findReadableConfirmation } from './confirmations.service';

/**
 * The order confirmation PDF (SPEC §3, §9: A4 in points, VAT 25 %), on the shared frame with the
 * company's logo and footer: customer and contact, the confirmation's number (its date at the top) and
 * its offer or project, the confirmed lines, the totals, the payment plan (share, when due, amount in kroner)
 * and the terms.
 */

/** The offer's or project's number and name, for the heading. */
const entityOf = async (ctx: AppContext, companyId: string, confirmation: ConfirmationDto) => {
  if (confirmation.entityType === 'offer') {
    const offer = await findOwnOffer(ctx.db, companyId, confirmation.entityId);
    return { kind: 'offerNumber' as const, number: offer.number, name: offer.projectName };
  }
  const project = await findOwnProject(ctx.db, companyId, confirmation.entityId);
  return { kind: 'projectNumber' as const, number: project.number, name: project.name };
};

const shareText = (rule: PaymentRuleDto, locale: Locale, fixed: string) =>
  rule.share.type === 'percent'
    ? `${formatPdfNumber(rule.share.basisPoints / (WHOLE_IN_BASIS_POINTS / 100), locale)} %`
    : fixed;

export const renderConfirmationPdf = async (
  ctx: AppContext,
  actor: Actor,
  input: { confirmationId: string; locale?: Locale },
) => {
  const row = await findReadableConfirmation(ctx, actor, input.confirmationId, 'GET /confirmations/:id/pdf');
  const [confirmation, { company, logo, footer }, columns] = await Promise.all([
    confirmationDto(ctx.db, actor.companyId, row),
    companyForPdf(ctx, actor),
    listProcessColumns(ctx, actor.companyId),
  ]);
  // A document is written in the company's document language unless the person picks another.
  const locale: Locale = input.locale ?? company.documentLanguage;
  const [entity, contact, customer] = await Promise.all([
    entityOf(ctx, actor.companyId, confirmation),
    contactForPdf(ctx, actor, confirmation.contactId),
    confirmation.customerId
      ? registeredCustomerForPdf(ctx, actor, confirmation.customerId, confirmation.customerName)
      : { name: confirmation.customerName, address: '' },
  ]);
  const t = pdfLabels(locale);
  const c = confirmationPdfLabels(locale);
  const columnName = new Map(
    columns.map((column) => [column.id, locale === 'nb' ? column.nameNo : column.nameEn]),
  );
  const dueText = ({ due }: PaymentRuleDto) => {
    switch (due.kind) {
      case 'onDate':
        return c('onDate', { date: formatPdfDate(due.date) });
      case 'processColumnCompleted':
        return c('processColumnCompleted', { column: columnName.get(due.columnId) ?? '–' });
      default:
        return c(due.kind);
    }
  };
  const title = `${c('confirmation')} ${confirmation.number}`;

  const content: Content[] = [
    ...documentTitle(title, entity.name),
    sideBySide(
      {
        stack: [
          sectionTitle(t('customer')),
          fieldList([
            [t('name'), customer.name],
            [t('address'), customer.address],
            [t('contact'), contact ? contactLineOf(contact) : ''],
          ]),
        ],
      },
      {
        stack: [
          sectionTitle(c('confirmation')),
          fieldList([
            [c('confirmationNumber'), String(confirmation.number)],
            [c(entity.kind), String(entity.number)],
          ]),
        ],
      },
    ),
    sectionTitle(c('lines')),
    linesTable(locale, confirmation.lines),
    totalsTable(locale, confirmation),
    sectionTitle(c('paymentPlan')),
    dataTable(
      [
        t('description'),
        { text: c('share'), style: 'tableHeader', alignment: 'right' },
        c('due'),
        { text: c('amount'), style: 'tableHeader', alignment: 'right' },
      ],
      confirmation.paymentRules.map((rule): TableCell[] => [
        { text: rule.description || '–' },
        right(shareText(rule, locale, c('fixedAmount'))),
        { text: dueText(rule) },
        right(formatPdfMoney(rule.amount)),
      ]),
      ['*', 70, 150, 80],
    ),
    ...notesBlock(c('terms'), confirmation.terms),
  ];

  const bytes = await renderPdf(
    framedDocument(
      { locale, title, company, logo, footer, date: confirmation.date, createdAt: ctx.clock.now() },
      content,
    ),
  );
  return { fileName: `${c('fileName')}-${confirmation.number}.pdf`, bytes, locale };
};
