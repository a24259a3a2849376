import { z } from 'zod';
import { VALIDATION_MESSAGE_KEYS as MESSAGES, messageWithParams } from '../rules/validation-messages';
import { patchOf } from './define';
import { pageQuerySchema, pageSchema } from './paging';

/**
 * Service work (issue 19, first part): service items on a service project's map (SPEC §3 Service
 * item: _id, id, location (lat, lng), floor, serviceTemplateId, projectId, emergency type). Each
 * item takes its own project copy of a service template (the project service template, group, row
 * and answer tables of service-templates) when it is added. The client tracks items locally as new,
 * edited or removed (SPEC §4) and saves them all in one request (`/service-project/service-items/save`),
 * which applies them in one transaction; the single-item routes of SPEC §7 exist too.
 */

export const SERVICE_ITEM_LIMITS = { name: 200, floor: 50, batch: 200 } as const;

/** SPEC §3 emergency type: an emergency item creates a task of type service-item emergency. */
export const SERVICE_EMERGENCY_TYPES = ['none', 'emergency'] as const;
export type ServiceEmergencyType = (typeof SERVICE_EMERGENCY_TYPES)[number];

/** What the last visit found; the map colours the marker by it. */
export const SERVICE_ITEM_STATUSES = ['notVisited', 'ok', 'attention', 'fault'] as const;
export type ServiceItemStatus = (typeof SERVICE_ITEM_STATUSES)[number];

export const SERVICE_ITEM_STATUS_COLORS: Record<ServiceItemStatus, string> = {
  notVisited: '#868e96',
  ok: '#2f9e44',
  attention: '#f08c00',
  fault: '#e03131',
};

const text = (max: number) => z.string().trim().max(max, messageWithParams(MESSAGES.tooLong, { max }));
const version = z.coerce.number().int().positive();

export const latitudeSchema = z
  .number()
  .finite()
  .min(-90, MESSAGES.latitudeRange)
  .max(90, MESSAGES.latitudeRange);
export const longitudeSchema = z
  .number()
  .finite()
  .min(-180, MESSAGES.longitudeRange)
  .max(180, MESSAGES.longitudeRange);

/**
 * SPEC §5: a location is sent only with both lat and lng. One without the other is refused (coded,
 * translated) rather than stored half; `null` takes the item off the map.
 */
export const serviceLocationSchema = z
  .object({ lat: latitudeSchema.optional(), lng: longitudeSchema.optional() })
  .refine((location) => (location.lat === undefined) === (location.lng === undefined), {
    message: MESSAGES.locationIncomplete,
    path: ['lng'],
  })
  .transform((location) =>
    location.lat === undefined || location.lng === undefined
      ? null
      : { lat: location.lat, lng: location.lng },
  );
/** A location as answered: both coordinates. */
export const serviceLocationDtoSchema = z.object({ lat: z.number(), lng: z.number() });
export type ServiceLocation = z.output<typeof serviceLocationDtoSchema>;

const itemFieldsSchema = z.object({
  name: text(SERVICE_ITEM_LIMITS.name).default(''),
  /** SPEC §5: omitted when empty. */
  floor: text(SERVICE_ITEM_LIMITS.floor).default(''),
  location: serviceLocationSchema.nullable().default(null),
  emergencyType: z.enum(SERVICE_EMERGENCY_TYPES).default('none'),
});

/**
 * POST /service-project/template/add (SPEC §7: serviceTemplateId, projectId, location, id, floor):
 * the id is made by the client, so a repeated submit is answered with the item already stored.
 */
export const serviceItemAddSchema = itemFieldsSchema.extend({
  id: z.uuid(),
  serviceTemplateId: z.uuid(),
  projectId: z.uuid(),
});
export type ServiceItemAddInput = z.input<typeof serviceItemAddSchema>;

const itemChangesSchema = patchOf(itemFieldsSchema)
  .extend({ status: z.enum(SERVICE_ITEM_STATUSES).optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), MESSAGES.required);

/** PATCH /service-project/service-item/{serviceItemId}: the fields that change, at the version read. */
export const serviceItemPatchSchema = z.object({ version, changes: itemChangesSchema });
export type ServiceItemPatchInput = z.input<typeof serviceItemPatchSchema>;

export const serviceItemParamsSchema = z.object({ serviceItemId: z.uuid() });
/** DELETE /service-project/service-item/{serviceItemId}?version=… */
export const serviceItemDeleteQuerySchema = z.object({ version });

/** GET /service-project/service-items/populated?projectId=… */
export const serviceItemsOfProjectQuerySchema = z.object({ projectId: z.uuid() });

/** GET /service-project/service-items/grouped-by-project: the service projects with their item counts, paged. */
export const serviceItemsGroupedQuerySchema = pageQuerySchema.extend({ search: text(100).optional() });
export type ServiceItemsGroupedQuery = z.input<typeof serviceItemsGroupedQuerySchema>;

const uniqueIds = <T extends { id: string }>(items: T[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

/**
 * POST /service-project/service-items/save: SPEC §4's save of the locally tracked items — creates the
 * new ones, patches the edited ones, deletes the removed ones — in one transaction: any refusal
 * (stale version, another company's id, bad input) leaves every item as it was.
 */
export const serviceItemsSaveSchema = z
  .object({
    projectId: z.uuid(),
    created: z
      .array(serviceItemAddSchema.omit({ projectId: true }))
      .max(SERVICE_ITEM_LIMITS.batch, messageWithParams(MESSAGES.tooMany, { max: SERVICE_ITEM_LIMITS.batch }))
      .default([]),
    edited: z
      .array(z.object({ id: z.uuid(), version, changes: itemChangesSchema }))
      .max(SERVICE_ITEM_LIMITS.batch, messageWithParams(MESSAGES.tooMany, { max: SERVICE_ITEM_LIMITS.batch }))
      .default([]),
    removed: z
      .array(z.object({ id: z.uuid(), version }))
      .max(SERVICE_ITEM_LIMITS.batch, messageWithParams(MESSAGES.tooMany, { max: SERVICE_ITEM_LIMITS.batch }))
      .default([]),
  })
  .refine((save) => uniqueIds([...save.created, ...save.edited, ...save.removed]), {
    message: MESSAGES.duplicateId,
    path: ['created'],
  });
export type ServiceItemsSaveInput = z.input<typeof serviceItemsSaveSchema>;

export const serviceItemDtoSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** 1, 2, 3… within the project, in the order the items were added. */
  number: z.number(),
  name: z.string(),
  floor: z.string(),
  location: serviceLocationDtoSchema.nullable(),
  serviceTemplateId: z.string().nullable(),
  /** The item's own copy of the template (what its checklist is answered on). */
  projectServiceTemplateId: z.string(),
  templateName: z.string(),
  emergencyType: z.enum(SERVICE_EMERGENCY_TYPES),
  status: z.enum(SERVICE_ITEM_STATUSES),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type ServiceItemDto = z.output<typeof serviceItemDtoSchema>;

/** A service project and how many items it has (the chooser of /service-project-details). */
export const serviceProjectSummaryDtoSchema = z.object({
  projectId: z.string(),
  projectNumber: z.number(),
  projectName: z.string(),
  itemCount: z.number(),
});
export type ServiceProjectSummaryDto = z.output<typeof serviceProjectSummaryDtoSchema>;

/** GET /service-project/service-items/grouped-by-project. */
export const serviceProjectSummaryPageSchema = pageSchema(serviceProjectSummaryDtoSchema);

/** GET /service-project/map-settings: the map tile address (`MAP_TILE_URL`); null draws no tiles. */
export const serviceMapSettingsDtoSchema = z.object({
  tileUrl: z.string().nullable(),
});
export type ServiceMapSettingsDto = z.output<typeof serviceMapSettingsDtoSchema>;

export const SERVICE_WORK_PUSHES = { itemsChanged: 'service-items:changed' } as const;
export type ServiceItemsChangedPush = { projectId: string };
