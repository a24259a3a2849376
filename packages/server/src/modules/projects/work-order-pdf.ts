import type { ContactDto, OrderDto, ProjectDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import type { Content, TableCell } from 'pdfmake';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import {
  dataTable,
  documentTitle,
  fieldList,
  notesBlock,
  sectionTitle,
  sideBySide,
  signatureLines,
} from '../../platform/pdf/blocks';
import { formatPdfDate, formatPdfNumber, joinLines } from '../../platform/pdf/format';
import { framedDocument } from '../../platform/pdf/frame';
import { type PdfLabelFn, pdfLabels } from '../../platform/pdf/labels';
import { renderPdf } from '../../platform/pdf/render';
import { companyForPdf } from '../company/company-files';
import { getContact } from '../customers/contacts.service';
import { ordersOfProject } from './project-orders';
import { getProject } from './projects.service';

/**
 * The work order (SPEC §1 "PDFs (A4) are generated for … work orders"): what the installers take to
 * the site — project, customer, addresses, dates, what to install and how many, the notes for them,
 * and lines to sign. Prices are left out on purpose: the customer may read it over their shoulder.
 */

const contactOf = async (ctx: AppContext, actor: Actor, project: ProjectDto): Promise<ContactDto | null> => {
  if (!project.contact) return null;
  try {
    return await getContact(ctx, actor, project.contact.id);
  } catch (error) {
    // A contact removed since it was chosen: the work order is still made, without it.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
};

const orderLineRows = (orders: OrderDto[], locale: Locale, t: PdfLabelFn): TableCell[][] => {
  const hasTitles = orders.length > 1 || orders.some((order) => order.title.trim() !== '');
  const rows = orders.flatMap((order): TableCell[][] => [
    ...(hasTitles && order.title.trim()
      ? [[{ text: order.title.trim(), bold: true, colSpan: 2 }, {}] as TableCell[]]
      : []),
    ...order.lines.map((line): TableCell[] => [
      { text: line.description || '–' },
      { text: formatPdfNumber(line.count, locale), alignment: 'right' },
    ]),
  ]);
  return rows.length > 0 ? rows : [[{ text: t('noOrderLines'), italics: true, colSpan: 2 }, {}]];
};

const workOrderContent = (
  project: ProjectDto,
  contact: ContactDto | null,
  orders: OrderDto[],
  locale: Locale,
): Content[] => {
  const t = pdfLabels(locale);
  const contactLine = contact
    ? joinLines(contact.displayName, contact.phoneNumberMobile || contact.phoneNumber, contact.email)
    : (project.contact?.displayName ?? '');
  const customer = fieldList([
    [t('name'), project.customer?.name ?? ''],
    [t('customerNumber'), project.customer?.customerNumber?.toString() ?? ''],
    [t('contact'), contactLine],
  ]);
  const site = fieldList([
    [
      t('address'),
      joinLines(
        project.projectAddress,
        [project.projectPostalCode, project.projectCity].filter(Boolean).join(' '),
      ),
    ],
    [t('siteContact'), project.siteContactName],
    [t('phone'), project.siteContactPhone],
  ]);
  const projectFields = fieldList([
    [t('projectNumber'), String(project.number)],
    [t('projectManager'), project.projectManager?.displayName ?? ''],
    [t('deliveryDate'), formatPdfDate(project.deliveryDate)],
    [t('agreedInstallationDate'), formatPdfDate(project.agreedInstallationDate)],
  ]);
  return [
    ...documentTitle(`${t('workOrder')} ${project.number}`, project.name),
    sideBySide(
      { stack: [sectionTitle(t('customer')), customer] },
      { stack: [sectionTitle(t('project')), projectFields, sectionTitle(t('site')), site] },
    ),
    sectionTitle(t('orderLines')),
    dataTable(
      [t('description'), { text: t('count'), style: 'tableHeader', alignment: 'right' }],
      orderLineRows(orders, locale, t),
      ['*', 60],
    ),
    ...notesBlock(t('notesForInstallers'), project.workOrderNotes),
    ...notesBlock(t('noteToPlanner'), project.noteToPlanner),
    signatureLines([t('completedDate'), t('installerSignature'), t('customerSignature')]),
  ];
};

/**
 * The work order of a project of the actor's company as PDF bytes and the file name to offer
 * ("arbeidsordre-1042.pdf", "work-order-1042.pdf"). Another company's project is "not found".
 */
export const renderWorkOrderPdf = async (
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; locale?: Locale },
) => {
  const project = await getProject(ctx, actor, input.projectId);
  const [orders, contact, { company, logo, footer }] = await Promise.all([
    ordersOfProject(ctx.db, actor.companyId, project.id),
    contactOf(ctx, actor, project),
    companyForPdf(ctx, actor),
  ]);
  // The company's document language unless the person picks another.
  const locale: Locale = input.locale ?? company.documentLanguage;
  const t = pdfLabels(locale);
  const title = `${t('workOrder')} ${project.number}`;
  const bytes = await renderPdf(
    framedDocument(
      {
        locale,
        title,
        company,
        logo,
        footer,
        date: todayIn(ctx.clock),
        createdAt: ctx.clock.now(),
      },
      workOrderContent(project, contact, orders, locale),
    ),
  );
  return { fileName: `${t('workOrderFileName')}-${project.number}.pdf`, bytes, locale };
};
