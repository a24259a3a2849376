import {
  type DeviationCreateInput,
  deviationCreateSchema,
  deviationPatchSchema,
  procedureCreateSchema,
  procedureVersionCreateSchema,
} from '@karm/domain/contract';
import { addDays } from '@karm/domain/rules';
import { asc, eq } from 'drizzle-orm';
import { activeMemberNames } from '../modules/auth/users.repository';
import { projects } from '../modules/projects/projects.tables';
import { createDeviation, updateDeviation } from '../modules/quality/deviations.service';
import { createProcedure, publishProcedureVersion } from '../modules/quality/procedures.service';
import { todayIn } from '../platform/clock';
import { type AppContext, administrativeActor } from '../platform/context';

/** Procedures a door and window maker certified to ISO 9001 keeps (the text is the editor's HTML). */
const PROCEDURES = [
  {
    title: 'Montasje av automatiske skyvedører',
    category: 'installation',
    html:
      '<h2>Før montasje</h2><p>Kontroller at åpningen er i lodd og vater, og at strøm er fremført.</p>' +
      '<h2>Montasje</h2><ol><li><p>Monter drivenhet etter produsentens anvisning.</p></li>' +
      '<li><p>Juster dørbladene og <strong>test klemsikring</strong> etter EN 16005.</p></li></ol>',
    reviewInDays: 200,
    nextVersion: {
      html:
        '<h2>Før montasje</h2><p>Kontroller at åpningen er i lodd og vater, og at strøm er fremført.</p>' +
        '<h2>Montasje</h2><ol><li><p>Monter drivenhet etter produsentens anvisning.</p></li>' +
        '<li><p>Juster dørbladene og <strong>test klemsikring</strong> etter EN 16005.</p></li>' +
        '<li><p>Fyll ut risikovurderingen og gi kunden brukeropplæring.</p></li></ol>',
      reason: 'Risikovurdering og brukeropplæring lagt til etter avvik',
    },
  },
  {
    title: 'Mottakskontroll av glass og beslag',
    category: 'purchasing',
    html:
      '<p>Alle leveranser kontrolleres ved mottak:</p><ul><li><p>Antall og mål mot pakkseddel</p></li>' +
      '<li><p>Synlige skader, riper og knuste ruter</p></li></ul><p>Avvik meldes <u>samme dag</u>.</p>',
    reviewInDays: -10,
  },
  {
    title: 'HMS ved arbeid i høyden',
    category: 'hms',
    html: '<p>Bruk stillas eller lift over 2 meter. Stige brukes bare til kortvarig arbeid.</p>',
    reviewInDays: 365,
  },
] as const;

type DemoDeviation = Omit<DeviationCreateInput, 'date'> & {
  daysAgo: number;
  close?: string;
  handle?: boolean;
};

/** Deviations traced to products and suppliers, so the Pareto chart has a head and a tail. */
const DEVIATIONS: DemoDeviation[] = [
  {
    title: 'Lekkasje under terskel',
    category: 'product',
    severity: 'high',
    product: 'Ytterdør Nordic 90',
    supplier: 'Tetning AS',
    costOre: 850_000,
    daysAgo: 12,
    handle: true,
  },
  {
    title: 'Riper i karm ved levering',
    category: 'supplier',
    severity: 'medium',
    product: 'Vindu Classic 12x12',
    supplier: 'Profil AS',
    costOre: 120_000,
    daysAgo: 30,
    close: 'Mangelfull emballering hos leverandør',
  },
  {
    title: 'Feil mål på glass',
    category: 'production',
    severity: 'high',
    product: 'Skyvedør Slide 200',
    supplier: 'Glass AS',
    costOre: 1_450_000,
    daysAgo: 45,
    close: 'Feil i ordreunderlaget',
  },
  {
    title: 'Knust rute ved transport',
    category: 'supplier',
    severity: 'medium',
    product: 'Vindu Classic 12x12',
    supplier: 'Glass AS',
    costOre: 380_000,
    daysAgo: 60,
    close: 'Stropping av stativ manglet',
  },
  {
    title: 'Motor stopper etter få sykluser',
    category: 'product',
    severity: 'high',
    product: 'Skyvedør Slide 200',
    supplier: 'Motor AS',
    costOre: 990_000,
    daysAgo: 75,
    handle: true,
  },
  {
    title: 'Kunde klager på trekk',
    category: 'customer-complaint',
    severity: 'low',
    product: 'Ytterdør Nordic 90',
    supplier: 'Tetning AS',
    costOre: 60_000,
    daysAgo: 90,
  },
  {
    title: 'Manglende skruer i beslagpakke',
    category: 'supplier',
    severity: 'low',
    product: 'Vindu Classic 12x12',
    supplier: 'Beslag AS',
    costOre: 15_000,
    daysAgo: 120,
    close: 'Pakkefeil hos leverandør',
  },
  {
    title: 'Montør uten fallsikring',
    category: 'hms',
    severity: 'high',
    product: '',
    supplier: '',
    costOre: 0,
    daysAgo: 150,
    close: 'Utstyr ikke med i bilen',
  },
  {
    title: 'Lekkasje i hjørne',
    category: 'installation',
    severity: 'medium',
    product: 'Ytterdør Nordic 90',
    supplier: 'Tetning AS',
    costOre: 240_000,
    daysAgo: 200,
    close: 'Fugemasse ikke herdet før regn',
  },
  {
    title: 'Sensor reagerer ikke',
    category: 'service',
    severity: 'medium',
    product: 'Skyvedør Slide 200',
    supplier: 'Motor AS',
    costOre: 180_000,
    daysAgo: 260,
  },
];

/**
 * The demo's quality picture, made through the same use cases people use: procedures (one in its
 * second version, one past its review date) and deviations over the last year, some closed with
 * root cause and actions, some in progress with a case handler.
 */
export const seedDemoQuality = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const actor = administrativeActor(companyId, adminUserId);
  const today = todayIn(ctx.clock);
  const people = await activeMemberNames(ctx.db, companyId);
  const leader = people.find((person) => person.name.startsWith('Ola')) ?? people[0];
  const [project] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(asc(projects.number))
    .limit(1);
  for (const procedure of PROCEDURES) {
    const created = await createProcedure(
      ctx,
      actor,
      procedureCreateSchema.parse({
        title: procedure.title,
        category: procedure.category,
        html: procedure.html,
        ownerId: adminUserId,
        reviewDate: addDays(today, procedure.reviewInDays),
        effectiveDate: addDays(today, -300),
        reason: 'Første utgave',
      }),
    );
    if ('nextVersion' in procedure) {
      await publishProcedureVersion(
        ctx,
        actor,
        created.id,
        procedureVersionCreateSchema.parse({
          ...procedure.nextVersion,
          version: created.version,
          effectiveDate: addDays(today, -20),
        }),
      );
    }
  }
  for (const [index, { daysAgo, close, handle, ...fields }] of DEVIATIONS.entries()) {
    const date = addDays(today, -daysAgo);
    const created = await createDeviation(
      ctx,
      actor,
      deviationCreateSchema.parse({
        ...fields,
        date,
        description: `${fields.title}. Oppdaget og meldt samme dag.`,
        projectId: index % 3 === 0 ? (project?.id ?? null) : null,
        handlerId: handle || close ? (leader?.id ?? null) : null,
      }),
    );
    if (!close && !handle) continue;
    const inProgress = await updateDeviation(
      ctx,
      actor,
      created.id,
      deviationPatchSchema.parse({
        version: created.version,
        changes: {
          status: 'in-progress',
          actions: [
            {
              description: 'Utbedre hos kunden',
              kind: 'corrective',
              responsibleId: leader?.id ?? null,
              dueDate: addDays(date, 7),
              isDone: Boolean(close),
            },
            {
              description: 'Ta opp med leverandør og oppdatere mottakskontrollen',
              kind: 'preventive',
              responsibleId: adminUserId,
              dueDate: addDays(date, 30),
              isDone: Boolean(close),
            },
          ],
        },
      }),
    );
    if (close) {
      await updateDeviation(
        ctx,
        actor,
        created.id,
        deviationPatchSchema.parse({
          version: inProgress.version,
          changes: { status: 'closed', rootCause: close },
        }),
      );
    }
  }
};
