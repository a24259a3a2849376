import {
  type AdminServiceCreateInput,
  adminServiceCreateSchema,
  type ChecklistDetailDto,
  type ChecklistItemDto,
  type ServiceTemplateFullDto,
} from '@karm/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { listProcessColumns } from '../modules/processes/process-columns.service';
import { projects } from '../modules/projects/projects.tables';
import {
  completeChecklist,
  raiseChecklistDeviation,
  saveChecklistItem,
  startChecklist,
} from '../modules/quality/checklist-runs.service';
import { createServiceEntity } from '../modules/service-templates/service-templates.service';
import { type AppContext, administrativeActor } from '../platform/context';

/**
 * Quality checklists (issue 16) in the demo: a checklist template for the inspection before
 * delivery, one run completed and signed (its PDF on the project) and one open with a not-OK item
 * that raised a deviation.
 */

const ROWS = [
  'Karmer i lodd og vater',
  'Tetningslister montert og hele',
  'Glass uten riper eller sprekker',
  'Beslag og vridere justert',
  'Dør lukker og låser som den skal',
];

const ANSWERS = [
  { name: 'OK', color: '#2f9e44' },
  {
    name: 'Ikke OK',
    color: '#e03131',
    isCommentRequired: true,
    isDeviationRequired: true,
  },
  { name: 'Ikke aktuelt', color: '#999999' },
];

export const seedDemoChecklists = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const actor = administrativeActor(companyId, adminUserId);
  const answer = (run: ChecklistDetailDto, item: ChecklistItemDto, answerAt: number, comment = '') =>
    saveChecklistItem(ctx, actor, run.id, item.rowId, {
      version: run.version,
      answerIds: [item.answers[answerAt]!.id],
      value: '',
      comment,
      pictureIds: [],
    });
  const create = (input: AdminServiceCreateInput) =>
    createServiceEntity(ctx, actor, adminServiceCreateSchema.parse(input));
  let template: ServiceTemplateFullDto = await create({
    entity: 'template',
    name: 'Sluttkontroll før levering',
    info: 'Kontrolleres på verkstedet før elementene lastes. Avvik meldes samme dag.',
    purpose: 'checklist',
  });
  template = await create({ entity: 'group', templateId: template.id, name: 'Dører og vinduer' });
  const groupId = template.groups[0]!.id;
  for (const name of ROWS) {
    template = await create({ entity: 'row', groupId, name, type: 'singleAnswer' });
    const row = template.groups[0]!.rows.at(-1)!;
    for (const answer of ANSWERS) template = await create({ entity: 'answer', rowId: row.id, ...answer });
  }
  const steps = await listProcessColumns(ctx, companyId);
  const inspection = steps.find((step) => step.nameNo === 'Kontroll') ?? steps[0];
  const projectRows = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(asc(projects.number))
    .limit(2);
  const [first, second] = projectRows;
  if (!first) return;

  let done = await startChecklist(ctx, actor, {
    projectId: first.id,
    templateId: template.id,
    processColumnId: inspection?.id ?? null,
    deviationCategory: 'production',
  });
  for (const item of done.groups.flatMap((group) => group.items)) done = await answer(done, item, 0);
  await completeChecklist(ctx, actor, done.id, {
    version: done.version,
    signedName: 'Ola Nordmann',
    signature: null,
  });

  let open = await startChecklist(ctx, actor, {
    projectId: (second ?? first).id,
    templateId: template.id,
    processColumnId: inspection?.id ?? null,
    deviationCategory: 'production',
  });
  const [frames, seals, glass] = open.groups[0]!.items;
  for (const item of [frames, seals]) if (item) open = await answer(open, item, 0);
  if (!glass) return;
  open = await answer(open, glass, 1, 'Ripe i nedre rute på element 3, ca. 4 cm');
  await raiseChecklistDeviation(ctx, actor, open.id, glass.rowId, { version: open.version });
};
