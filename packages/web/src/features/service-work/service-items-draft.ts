import type {
  ServiceEmergencyType,
  ServiceItemDto,
  ServiceItemsSaveInput,
  ServiceLocation,
} from '@karm/domain/contract';

/**
 * SPEC §4: service items are tracked locally as new, edited or removed until Save, which creates the
 * new ones, patches the edited ones and deletes the removed ones (in one request, one transaction),
 * then clears the flags. Moving an item on the map marks it edited.
 */
export type DraftItem = Omit<ServiceItemDto, 'number' | 'projectServiceTemplateId'> & {
  /** Null until saved. */
  number: number | null;
  isNew: boolean;
  isEdited: boolean;
  isRemoved: boolean;
};

export const draftsOf = (items: readonly ServiceItemDto[]): DraftItem[] =>
  items.map((item) => ({ ...item, isNew: false, isEdited: false, isRemoved: false }));

export type NewItemFields = {
  id: string;
  serviceTemplateId: string;
  templateName: string;
  projectId: string;
  name: string;
  floor: string;
  location: ServiceLocation | null;
  emergencyType: ServiceEmergencyType;
};

export const addDraft = (drafts: readonly DraftItem[], fields: NewItemFields): DraftItem[] => [
  ...drafts,
  {
    ...fields,
    number: null,
    status: 'notVisited',
    lastVisitAt: null,
    createdAt: new Date().toISOString(),
    version: 0,
    isNew: true,
    isEdited: false,
    isRemoved: false,
  },
];

/** Moving an item marks it edited (a new one stays new: it is created where it now stands). */
export const moveDraft = (drafts: readonly DraftItem[], id: string, location: ServiceLocation): DraftItem[] =>
  drafts.map((item) => (item.id === id ? { ...item, location, isEdited: !item.isNew } : item));

/** A new item simply goes; a stored one is marked removed until Save deletes it. */
export const removeDraft = (drafts: readonly DraftItem[], id: string): DraftItem[] =>
  drafts.flatMap((item) => (item.id !== id ? [item] : item.isNew ? [] : [{ ...item, isRemoved: true }]));

export const changeCount = (drafts: readonly DraftItem[]) =>
  drafts.filter((item) => item.isNew || item.isEdited || item.isRemoved).length;

/** SPEC §5: a location is sent only with both lat and lng; floor is omitted when empty. */
const locationPart = (location: ServiceLocation | null) => (location ? { location } : {});
const floorPart = (floor: string) => (floor.trim() ? { floor: floor.trim() } : {});

export const saveInputOf = (projectId: string, drafts: readonly DraftItem[]): ServiceItemsSaveInput => ({
  projectId,
  created: drafts
    .filter((item) => item.isNew)
    .map((item) => ({
      id: item.id,
      serviceTemplateId: item.serviceTemplateId as string,
      name: item.name,
      emergencyType: item.emergencyType,
      ...locationPart(item.location),
      ...floorPart(item.floor),
    })),
  edited: drafts
    .filter((item) => item.isEdited && !item.isRemoved)
    .map((item) => ({ id: item.id, version: item.version, changes: { location: item.location } })),
  removed: drafts.filter((item) => item.isRemoved).map((item) => ({ id: item.id, version: item.version })),
});

/** Text fields of coordinates → a location: both numbers, or none when both are empty; otherwise invalid. */
export const locationFromText = (
  lat: string,
  lng: string,
): ServiceLocation | null | 'incomplete' | 'range' => {
  const [latText, lngText] = [lat.trim().replace(',', '.'), lng.trim().replace(',', '.')];
  if (!latText && !lngText) return null;
  if (!latText || !lngText) return 'incomplete';
  const [latitude, longitude] = [Number(latText), Number(lngText)];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 'incomplete';
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return 'range';
  return { lat: latitude, lng: longitude };
};
