import {
  dispatchAssignSchema,
  projectCreateSchema,
  type ServiceItemDto,
  serviceItemsSaveSchema,
  serviceReportCreateSchema,
  userAnswerCreateSchema,
} from '@karm/domain/contract';
import { addDays, isWorkingDay } from '@karm/domain/rules';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { employees } from '../modules/employees/employees.tables';
import { storeUpload } from '../modules/files/files.service';
import { createProject } from '../modules/projects/projects.service';
import { findServiceTemplates } from '../modules/service-templates/template-tree';
import { assignDispatch } from '../modules/service-work/dispatch.service';
import { createUserAnswer } from '../modules/service-work/service-answers.service';
import { readServiceDataFull } from '../modules/service-work/service-checklist';
import { saveServiceItems } from '../modules/service-work/service-items.service';
import { createServiceReport } from '../modules/service-work/service-reports.service';
import { todayIn } from '../platform/clock';
import { type Actor, type AppContext, administrativeActor } from '../platform/context';
import { newId } from '../platform/ids';

/**
 * The demo's service project: automatic doors of a shopping centre in Oslo, placed on the map — one
 * of them an emergency waiting in the service assignment, another booked as a service visit — with
 * the service report of the doors checked so far.
 */
const DOORS = [
  { name: 'Hovedinngang nord', floor: '1', lat: 59.93312, lng: 10.7786 },
  { name: 'Inngang fra P-hus', floor: 'U1', lat: 59.93248, lng: 10.77741 },
  { name: 'Varemottak', floor: '1', lat: 59.93205, lng: 10.77935 },
  { name: 'Inngang sør', floor: '1', lat: 59.93166, lng: 10.77802 },
  // Reported this morning: the fire exit's door will not close, so the service leader must send someone.
  {
    name: 'Nødutgang vest (går ikke igjen)',
    floor: '2',
    lat: 59.93251,
    lng: 10.77655,
    emergencyType: 'emergency' as const,
  },
];

/** The booked service visit: Erik checks the door from the car park on the next working day, a whole day. */
const VISITED_DOOR = 'Inngang fra P-hus';
const VISITOR = 'Erik';

export const seedDemoServiceWork = async (ctx: AppContext, companyId: string, adminUserId: string) => {
  const actor = administrativeActor(companyId, adminUserId, 'demo-seed');
  const project = await createProject(
    ctx,
    actor,
    projectCreateSchema.parse({
      name: 'Storo Storsenter — automatiske dører',
      isService: true,
      projectAddress: 'Vitaminveien 7',
      projectPostalCode: '0485',
      projectCity: 'Oslo',
    }),
  );
  const templates = await findServiceTemplates(ctx, actor, { search: '', page: 1, pageSize: 20 });
  const doorTemplate = templates.items.find((template) => template.name.startsWith('Automatisk dør'));
  if (!doorTemplate) throw new Error('The demo needs the automatic door template');
  const items = await saveServiceItems(
    ctx,
    actor,
    serviceItemsSaveSchema.parse({
      projectId: project.id,
      created: DOORS.map(({ lat, lng, ...door }) => ({
        id: newId(),
        serviceTemplateId: doorTemplate.id,
        location: { lat, lng },
        ...door,
      })),
    }),
  );
  await answerDemoDoors(ctx, actor, items);
  // The spring visit's service report, signed by the centre's operations manager: the project lists
  // it, counts it, and the two answered doors have it in their logbooks.
  await createServiceReport(
    ctx,
    actor,
    serviceReportCreateSchema.parse({ projectId: project.id, signedName: 'Siv Hagen, driftssjef' }),
  );
  const door = items.find((item) => item.name === VISITED_DOOR);
  const [visitor] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.firstName, VISITOR)));
  let day = addDays(todayIn(ctx.clock), 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  if (door && visitor) {
    await assignDispatch(
      ctx,
      actor,
      dispatchAssignSchema.parse({
        subject: { kind: 'serviceItem', serviceItemId: door.id },
        employeeId: visitor.id,
        date: day,
        dayPart: 4,
        // Erik may already have half a day there from the planner's demo: he does both.
        isOverbookingConfirmed: true,
      }),
    );
  }
  return project.id;
};

/** A photo-like picture for the demo's deviation: a grey door frame with a sensor box above it. */
const sensorPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#9aa5ad' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1200" height="900"><rect x="250" y="220" width="700" height="680" fill="#d9dee2"/>' +
            '<rect x="480" y="120" width="240" height="70" rx="10" fill="#2b2f33"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/**
 * The first door checked this spring with everything in order; the south entrance with a presence
 * sensor that does not react, which raised a deviation with its picture — so the map, the checklist
 * and quality control all show answered work.
 */
const answerDemoDoors = async (ctx: AppContext, actor: Actor, items: ServiceItemDto[]) => {
  const north = items.find((item) => item.name === 'Hovedinngang nord');
  const south = items.find((item) => item.name === 'Inngang sør');
  if (!north || !south) return;
  const answer = (item: ServiceItemDto, values: Record<string, unknown>) =>
    createUserAnswer(ctx, actor, userAnswerCreateSchema.parse({ serviceItemId: item.id, ...values }));
  const northData = await readServiceDataFull(ctx, actor, { serviceItemId: north.id });
  const [general, sensors] = northData.groups;
  for (const row of [...(general?.rows ?? []), ...(sensors?.rows ?? [])]) {
    if (row.type === 'singleAnswer' && row.answers[0]) {
      await answer(north, { projectRowId: row.id, projectServiceAnswerId: row.answers[0].id });
    } else if (row.type === 'text' && row.name.startsWith('Dørtype')) {
      await answer(north, { projectRowId: row.id, text: 'Dormakaba ES 200, skyvedør med to fløyer' });
    }
  }
  const southData = await readServiceDataFull(ctx, actor, { serviceItemId: south.id });
  const presence = southData.groups
    .flatMap((group) => group.rows)
    .find((row) => row.name.startsWith('Tilstedeværelsessensor'));
  const notOk = presence?.answers.find((entry) => entry.name === 'Ikke OK');
  if (!presence || !notOk) return;
  const picture = await storeUpload(ctx, actor, {
    type: 'service-picture',
    originalName: 'sensor-inngang-sor.jpg',
    bytes: await sensorPhoto(),
  });
  await answer(south, {
    projectRowId: presence.id,
    projectServiceAnswerId: notOk.id,
    comment:
      'Sensoren reagerer ikke på prøvelegemet i lukkeområdet. Døren er satt i modus «Permanent åpen» til sensoren er byttet.',
    pictureId: picture.id,
  });
};
