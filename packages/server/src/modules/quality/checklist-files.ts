import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { jsonbListHolds } from './jsonb-list';
import { checklistItems, checklistRuns } from './quality.tables';

/** Whether one of the company's checklists keeps the file: an item's picture or a signed run's PDF. */
export const checklistUsesFile = async (db: Executor, companyId: string, fileId: string) => {
  const [pdf] = await db
    .select({ id: checklistRuns.id })
    .from(checklistRuns)
    .where(and(eq(checklistRuns.companyId, companyId), eq(checklistRuns.pdfFileId, fileId)))
    .limit(1);
  if (pdf) return true;
  const [picture] = await db
    .select({ runId: checklistItems.runId })
    .from(checklistItems)
    .where(and(eq(checklistItems.companyId, companyId), jsonbListHolds(checklistItems.pictureIds, fileId)))
    .limit(1);
  return picture !== undefined;
};
