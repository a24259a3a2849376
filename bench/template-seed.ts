import {
  serviceAnswers,
  serviceGroups,
  serviceRows,
  serviceTemplates,
} from '@karm/server/modules/service-templates/service-templates.tables';
import type { Database } from '@karm/server/platform/db/client';
import { newId } from '@karm/server/platform/ids';

/** One answer every row of a bench template offers. */
export type BenchAnswer = {
  name: string;
  color: string;
  isCommentRequired?: boolean;
  isPictureRequired?: boolean;
  isDeviationRequired?: boolean;
};

/**
 * A company template of `groups` × `rows` single-answer rows, each offering `answers`, written
 * straight to its tables (a group at a time): what the service benches read and answer.
 */
export const seedBenchTemplate = async (
  db: Database,
  companyId: string,
  shape: {
    name: string;
    groups: number;
    rows: number;
    answers: readonly BenchAnswer[];
    note?: string;
    url?: string;
  },
) => {
  const [template] = await db
    .insert(serviceTemplates)
    .values({ companyId, name: shape.name, info: 'Målt' })
    .returning();
  if (!template) throw new Error('No template');
  for (let group = 0; group < shape.groups; group++) {
    const groupId = newId();
    await db.insert(serviceGroups).values({
      id: groupId,
      companyId,
      templateId: template.id,
      name: `Gruppe ${group + 1}`,
      typeGroup: 'checklist',
      info: 'Kontroller etter produsentens anvisning',
      position: group,
    });
    const rows = Array.from({ length: shape.rows }, (_, row) => ({
      id: newId(),
      companyId,
      templateId: template.id,
      groupId,
      name: `Kontrollpunkt ${group + 1}.${row + 1}`,
      type: 'singleAnswer' as const,
      note: shape.note ?? '',
      url: shape.url ?? '',
      position: row,
    }));
    await db.insert(serviceRows).values(rows);
    await db.insert(serviceAnswers).values(
      rows.flatMap((row) =>
        shape.answers.map((answer, position) => ({
          companyId,
          templateId: template.id,
          rowId: row.id,
          ...answer,
          position,
        })),
      ),
    );
  }
  return template;
};
