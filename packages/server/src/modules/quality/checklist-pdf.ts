import type { ChecklistDetailDto, ChecklistItemDto } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import type { Content, TableCell } from 'pdfmake';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import { dataTable, documentTitle, fieldList, pictureGrid, sectionTitle } from '../../platform/pdf/blocks';
import { formatPdfDate } from '../../platform/pdf/format';
import { framedDocument } from '../../platform/pdf/frame';
import type { PdfImage } from '../../platform/pdf/images';
import { documentLabels } from '../../platform/pdf/labels';
import { renderPdf } from '../../platform/pdf/render';
import { companyForPdf } from '../company/company-files';
import { storedPdfPictures } from '../files/pdf-images';

/**
 * The signed checklist (issue 16) as an A4 PDF in the shared frame: project, process step, every
 * item with its answer, comment, deviation and pictures (thumbnails), and who signed it when. Kept as a document of the
 * project in the company's document language.
 */

const NB = {
  checklist: 'Sjekkliste',
  fileName: 'sjekkliste',
  project: 'Prosjekt',
  step: 'Prosesssteg',
  started: 'Startet',
  completed: 'Fullført',
  signedBy: 'Signert av',
  item: 'Punkt',
  answer: 'Svar',
  comment: 'Kommentar',
  deviation: 'Avvik {number}',
  pictures: '{count} bilde(r)',
  signature: 'Signatur',
} as const;
const EN: Record<keyof typeof NB, string> = {
  checklist: 'Checklist',
  fileName: 'checklist',
  project: 'Project',
  step: 'Process step',
  started: 'Started',
  completed: 'Completed',
  signedBy: 'Signed by',
  item: 'Item',
  answer: 'Answer',
  comment: 'Comment',
  deviation: 'Deviation {number}',
  pictures: '{count} picture(s)',
  signature: 'Signature',
};
const labels = documentLabels(NB, EN);

const answerText = (item: ChecklistItemDto) =>
  item.answers.length > 0
    ? item.answers
        .filter((answer) => item.answerIds.includes(answer.id))
        .map((answer) => answer.name)
        .join(', ')
    : item.value;

const itemRows = (items: ChecklistItemDto[], t: ReturnType<typeof labels>): TableCell[][] =>
  items.map((item) => {
    const notes = [
      item.comment,
      item.deviationNumber !== null ? t('deviation', { number: item.deviationNumber }) : '',
      item.pictureIds.length > 0 ? t('pictures', { count: item.pictureIds.length }) : '',
    ].filter(Boolean);
    const isNotOk = item.answers.some(
      (answer) => answer.isDeviationRequired && item.answerIds.includes(answer.id),
    );
    return [
      { text: item.name },
      { text: answerText(item) || '–', bold: isNotOk, color: isNotOk ? '#c92a2a' : undefined },
      { text: notes.join('\n') },
    ];
  });

/** An item's pictures under its name, as thumbnails; nothing for an item without (embeddable) pictures. */
const itemPictures = (item: ChecklistItemDto, pictures: ReadonlyMap<string, PdfImage | null>): Content[] => {
  const embedded = item.pictureIds.flatMap((id) => {
    const picture = pictures.get(id);
    return picture ? [picture] : [];
  });
  return embedded.length === 0
    ? []
    : [{ text: item.name, style: 'label', margin: [0, 6, 0, 3] }, ...pictureGrid(embedded)];
};

const checklistContent = (
  run: ChecklistDetailDto,
  pictures: ReadonlyMap<string, PdfImage | null>,
  signature: PdfImage | null,
  locale: Locale,
  completedAt: Date,
): Content[] => {
  const t = labels(locale);
  const step = locale === 'nb' ? run.stepNameNo : run.stepNameEn;
  return [
    ...documentTitle(`${t('checklist')} ${run.number}`, run.name),
    fieldList([
      [t('project'), `${run.projectNumber ?? ''} ${run.projectName ?? ''}`.trim()],
      [t('step'), step ?? ''],
      [t('started'), formatPdfDate(run.startedAt.slice(0, 10))],
      [t('completed'), formatPdfDate(completedAt.toISOString().slice(0, 10))],
    ]),
    ...run.groups.flatMap((group): Content[] => [
      sectionTitle(group.name),
      dataTable([t('item'), t('answer'), t('comment')], itemRows(group.items, t), ['*', 110, 170]),
      ...group.items.flatMap((item) => itemPictures(item, pictures)),
    ]),
    sectionTitle(t('signature')),
    ...(signature ? [{ image: signature, fit: [200, 70] } as Content] : []),
    { text: `${t('signedBy')}: ${run.signedName ?? ''}` },
  ];
};

/** The completed run's PDF and its file name ("sjekkliste-12.pdf", "checklist-12.pdf"). */
export const renderChecklistPdf = async (
  ctx: AppContext,
  actor: Actor,
  run: ChecklistDetailDto,
  signature: PdfImage | null,
  completedAt: Date,
) => {
  const { company, logo, footer } = await companyForPdf(ctx, actor);
  const locale: Locale = company.documentLanguage;
  const t = labels(locale);
  const title = `${t('checklist')} ${run.number}`;
  // The items' pictures as thumbnails (issue 16); one that cannot be read is left out with a warning.
  const pictures = await storedPdfPictures(
    ctx,
    actor.companyId,
    run.groups.flatMap((group) => group.items.flatMap((item) => item.pictureIds)),
  );
  const bytes = await renderPdf(
    framedDocument(
      { locale, title, company, logo, footer, date: todayIn(ctx.clock), createdAt: completedAt },
      checklistContent(run, pictures, signature, locale, completedAt),
    ),
  );
  return { fileName: `${t('fileName')}-${run.number}.pdf`, bytes };
};
