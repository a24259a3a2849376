import { projectCreateSchema, serviceItemsSaveSchema } from '@karm/domain/contract';
import { createProject } from '../modules/projects/projects.service';
import { findServiceTemplates } from '../modules/service-templates/template-tree';
import { saveServiceItems } from '../modules/service-work/service-items.service';
import { type AppContext, administrativeActor } from '../platform/context';
import { newId } from '../platform/ids';

/** The demo's service project: automatic doors of a shopping centre in Oslo, placed on the map. */
const DOORS = [
  { name: 'Hovedinngang nord', floor: '1', lat: 59.93312, lng: 10.7786 },
  { name: 'Inngang fra P-hus', floor: 'U1', lat: 59.93248, lng: 10.77741 },
  { name: 'Varemottak', floor: '1', lat: 59.93205, lng: 10.77935 },
  { name: 'Inngang sør', floor: '1', lat: 59.93166, lng: 10.77802 },
];

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
  await saveServiceItems(
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
  return project.id;
};
