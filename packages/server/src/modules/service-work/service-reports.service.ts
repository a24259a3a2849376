import {
  type Page,
  type pageQuerySchema,
  SERVICE_REPORT_PUSHES,
  type ServiceItemDto,
  type ServiceLogbookDto,
  type ServiceReportCreatedDto,
  type ServiceReportDto,
  type ServiceReportsChangedPush,
  type ServiceVisitRowDto,
  type serviceReportCreateSchema,
} from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { VALIDATION_MESSAGE_KEYS as MESSAGES } from '@karm/domain/rules';
import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../platform/clock';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { conflict, notFound, validationError } from '../../platform/errors';
import { loadPdfImage } from '../../platform/pdf/images';
import { userNamesByIds } from '../auth/users.repository';
import { deleteFilesNoLongerUsed, fileNamesOf, readStoredFile, storeUpload } from '../files/files.service';
import { countServiceReport, projectForServiceReport } from '../projects/service-report-project';
import { deviations } from '../quality/quality.tables';
import { answersOfItems, checklistsOf } from './service-checklist';
import { listServiceItems, oneItem } from './service-items.service';
import { renderLogbookPdf, renderServiceReportPdf } from './service-report-pdf';
import { visitRowsOf } from './service-visit-rows';
import { serviceReports, serviceVisits } from './service-work.tables';

/**
 * Service reports and the per-door logbook (issue 19). A report is a visit: the chosen items' answers
 * are kept as each item's logbook entry, the PDF is stored as a document of the project, and the
 * project's service report count goes up — the PDF first (it takes the longest), then everything
 * else in one transaction; a report that cannot be kept removes its PDF again.
 */

type ReportRow = typeof serviceReports.$inferSelect;
type CreateInput = z.output<typeof serviceReportCreateSchema> & { locale?: Locale };

const toDto = (row: ReportRow, fileName: string): ServiceReportDto => ({
  id: row.id,
  projectId: row.projectId,
  number: row.number,
  visitDate: row.visitDate,
  technicianName: row.technicianName,
  signedName: row.signedName,
  itemCount: row.itemCount,
  pictureCount: row.pictureCount,
  skippedPictureCount: row.skippedPictureCount,
  fileId: row.fileId,
  fileName,
  createdAt: row.createdAt.toISOString(),
});

const reportDtos = async (db: Executor, companyId: string, rows: ReportRow[]) => {
  const names = await fileNamesOf(
    db,
    companyId,
    rows.map((row) => row.fileId),
  );
  return rows.map((row) => toDto(row, names.get(row.fileId) ?? ''));
};

/** The titles of the deviations the answers raised (the PDF names each deviation by number and title). */
const deviationTitles = async (db: Executor, companyId: string, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: deviations.id, title: deviations.title })
    .from(deviations)
    .where(and(eq(deviations.companyId, companyId), inArray(deviations.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row.title]));
};

/**
 * Each item's answered rows as this visit keeps them; items nobody has answered are left out. All
 * items' checklists, answers and deviations are read at once (a handful of reads for 40 doors).
 */
export const visitedItems = async (ctx: AppContext, companyId: string, items: ServiceItemDto[]) => {
  const [checklists, answers] = await Promise.all([
    checklistsOf(
      ctx.db,
      companyId,
      items.map((item) => item.projectServiceTemplateId),
    ),
    answersOfItems(
      ctx.db,
      companyId,
      items.map((item) => item.id),
    ),
  ]);
  const titles = await deviationTitles(
    ctx.db,
    companyId,
    [...answers.values()].flat().flatMap((answer) => (answer.deviationId ? [answer.deviationId] : [])),
  );
  return items.flatMap((item) => {
    const rows = visitRowsOf(
      { groups: checklists.get(item.projectServiceTemplateId) ?? [], answers: answers.get(item.id) ?? [] },
      titles,
    );
    return rows.length > 0 ? [{ item, rows }] : [];
  });
};

const nextNumber = async (db: Executor, companyId: string, projectId: string) => {
  const [row] = await db
    .select({ last: max(serviceReports.number) })
    .from(serviceReports)
    .where(and(eq(serviceReports.companyId, companyId), eq(serviceReports.projectId, projectId)));
  return (row?.last ?? 0) + 1;
};

const announce = (ctx: AppContext, companyId: string, projectId: string) =>
  ctx.realtime.toCompany(companyId, SERVICE_REPORT_PUSHES.changed, {
    projectId,
  } satisfies ServiceReportsChangedPush);

/** POST /service-project/service-report: the visit's report of the chosen (or all answered) items. */
export const createServiceReport = async (
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
): Promise<ServiceReportCreatedDto> => {
  const { companyId } = actor;
  const project = await projectForServiceReport(ctx.db, companyId, input.projectId);
  const items = await listServiceItems(ctx, actor, input.projectId);
  const onProject = new Set(items.map((item) => item.id));
  if (input.serviceItemIds.some((id) => !onProject.has(id))) {
    throw validationError({ serviceItemIds: MESSAGES.serviceItemNotOnProject });
  }
  const today = todayIn(ctx.clock);
  const visitDate = input.visitDate ?? today;
  if (visitDate > today) throw validationError({ visitDate: MESSAGES.visitInFuture });
  const chosen = new Set(input.serviceItemIds);
  const visited = await visitedItems(
    ctx,
    companyId,
    chosen.size > 0 ? items.filter((item) => chosen.has(item.id)) : items,
  );
  if (visited.length === 0) throw validationError({ serviceItemIds: MESSAGES.serviceReportNothingAnswered });
  const signature = input.signature
    ? await loadPdfImage(ctx.logger, 'signature', async () =>
        Buffer.from(input.signature!.slice(input.signature!.indexOf(',') + 1), 'base64'),
      )
    : null;
  if (input.signature && !signature) throw validationError({ signature: MESSAGES.signatureInvalid });
  const technicianName = (await userNamesByIds(ctx.db, [actor.userId])).get(actor.userId) ?? '';
  const number = await nextNumber(ctx.db, companyId, project.id);
  const now = ctx.clock.now();
  const pdf = await renderServiceReportPdf(ctx, actor, {
    reportNumber: number,
    project,
    visitDate,
    technicianName,
    items: visited.map(({ item, rows }) => ({ item, rows })),
    signedName: input.signedName,
    signature,
    locale: input.locale,
    createdAt: now,
  });
  const file = await storeUpload(
    ctx,
    actor,
    { type: 'document', entityId: project.id, originalName: pdf.fileName, bytes: pdf.bytes },
    { isMadeByServer: true },
  );
  try {
    const { row, serviceReportCount } = await ctx.db.transaction(async (tx) => {
      // Counting first locks the project's row: a report made meanwhile took this number.
      const serviceReportCount = await countServiceReport(tx, companyId, project.id);
      if ((await nextNumber(tx, companyId, project.id)) !== number) {
        throw conflict('Another service report of this project was made at the same time: make it again');
      }
      const [row] = await tx
        .insert(serviceReports)
        .values({
          companyId,
          projectId: project.id,
          number,
          visitDate,
          technicianId: actor.userId,
          technicianName,
          signedName: input.signedName,
          itemCount: visited.length,
          pictureCount: pdf.pictureCount,
          skippedPictureCount: pdf.skippedPictureCount,
          fileId: file.id,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('Service report insert returned nothing');
      await tx.insert(serviceVisits).values(
        visited.map(({ item, rows }) => ({
          companyId,
          serviceItemId: item.id,
          reportId: row.id,
          visitDate,
          technicianName,
          rows,
          createdAt: now,
        })),
      );
      return { row, serviceReportCount };
    });
    announce(ctx, companyId, project.id);
    return { report: toDto(row, file.originalName), serviceReportCount };
  } catch (error) {
    await deleteFilesNoLongerUsed(ctx, companyId, [file.id]);
    throw error;
  }
};

/** GET /service-project/service-report?projectId: the project's reports, newest first, paged. */
export const listServiceReports = async (
  ctx: AppContext,
  actor: Actor,
  query: { projectId: string } & z.output<typeof pageQuerySchema>,
): Promise<Page<ServiceReportDto>> => {
  await projectForServiceReport(ctx.db, actor.companyId, query.projectId);
  const where = and(
    eq(serviceReports.companyId, actor.companyId),
    eq(serviceReports.projectId, query.projectId),
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(serviceReports)
      .where(where)
      .orderBy(desc(serviceReports.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(serviceReports).where(where),
  ]);
  return {
    items: await reportDtos(ctx.db, actor.companyId, rows),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** A report of the actor's company; another company's is "not found". */
export const findServiceReport = async (db: Executor, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(serviceReports)
    .where(and(eq(serviceReports.companyId, companyId), eq(serviceReports.id, id)));
  if (!row) throw notFound('Service report');
  return row;
};

/** GET /service-project/service-report/{id}/pdf: the stored PDF as it was made. */
export const serviceReportPdf = async (ctx: AppContext, actor: Actor, id: string) => {
  const row = await findServiceReport(ctx.db, actor.companyId, id);
  const stored = await readStoredFile(ctx, actor.companyId, row.fileId);
  if (!stored) throw notFound('Service report file');
  return { fileName: stored.name, bytes: stored.bytes };
};

/** The visits of one item, newest first, with their reports' numbers and files. */
const visitsOf = async (db: Executor, companyId: string, serviceItemId: string) =>
  db
    .select({
      id: serviceVisits.id,
      reportId: serviceVisits.reportId,
      reportNumber: serviceReports.number,
      reportFileId: serviceReports.fileId,
      visitDate: serviceVisits.visitDate,
      technicianName: serviceVisits.technicianName,
      rows: serviceVisits.rows,
    })
    .from(serviceVisits)
    .innerJoin(serviceReports, eq(serviceReports.id, serviceVisits.reportId))
    .where(and(eq(serviceVisits.companyId, companyId), eq(serviceVisits.serviceItemId, serviceItemId)))
    .orderBy(desc(serviceVisits.visitDate), desc(serviceReports.number));

/** GET /service-project/service-item/{serviceItemId}/logbook. */
export const readServiceLogbook = async (
  ctx: AppContext,
  actor: Actor,
  serviceItemId: string,
): Promise<ServiceLogbookDto> => {
  const item = await oneItem(ctx, actor.companyId, serviceItemId);
  const [project, visits] = await Promise.all([
    projectForServiceReport(ctx.db, actor.companyId, item.projectId),
    visitsOf(ctx.db, actor.companyId, item.id),
  ]);
  return {
    item,
    project: { id: project.id, number: project.number, name: project.name },
    visits: visits.map((visit) => ({ ...visit, rows: visit.rows as ServiceVisitRowDto[] })),
  };
};

/** GET /service-project/service-item/{serviceItemId}/logbook.pdf: the whole logbook as one PDF. */
export const serviceLogbookPdf = async (
  ctx: AppContext,
  actor: Actor,
  serviceItemId: string,
  locale?: Locale,
) => {
  const item = await oneItem(ctx, actor.companyId, serviceItemId);
  const [project, visits] = await Promise.all([
    projectForServiceReport(ctx.db, actor.companyId, item.projectId),
    visitsOf(ctx.db, actor.companyId, item.id),
  ]);
  return renderLogbookPdf(ctx, actor, {
    project,
    item,
    visits,
    locale,
    today: todayIn(ctx.clock),
  });
};

/** Whether a service report keeps the file (its PDF is never deleted under it). */
export const serviceReportsUseFile = async (db: Executor, companyId: string, fileId: string) => {
  const [row] = await db
    .select({ id: serviceReports.id })
    .from(serviceReports)
    .where(and(eq(serviceReports.companyId, companyId), eq(serviceReports.fileId, fileId)))
    .limit(1);
  return row !== undefined;
};
