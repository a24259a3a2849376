import type { ServiceItemDto } from '@karm/domain/contract';
import { describe, expect, it } from 'vitest';
import {
  addDraft,
  changeCount,
  draftsOf,
  locationFromText,
  moveDraft,
  removeDraft,
  saveInputOf,
} from './service-items-draft';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const stored = (id: string, number: number): ServiceItemDto => ({
  id,
  projectId: PROJECT,
  number,
  name: `Dør ${number}`,
  floor: '1',
  location: { lat: 59.9, lng: 10.7 },
  serviceTemplateId: 'template',
  projectServiceTemplateId: `copy-${id}`,
  templateName: 'Automatisk dør',
  emergencyType: 'none',
  status: 'ok',
  lastVisitAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  version: 3,
});

const fresh = (id: string, floor = '') => ({
  id,
  projectId: PROJECT,
  serviceTemplateId: 'template',
  templateName: 'Automatisk dør',
  name: '',
  floor,
  location: null,
  emergencyType: 'none' as const,
});

describe('service items tracked locally (SPEC §4)', () => {
  it('marks a moved stored item edited, and a moved new item stays new', () => {
    let drafts = addDraft(draftsOf([stored('a', 1)]), fresh('n'));
    drafts = moveDraft(drafts, 'a', { lat: 60, lng: 11 });
    drafts = moveDraft(drafts, 'n', { lat: 61, lng: 12 });
    expect(drafts.map(({ id, isNew, isEdited }) => ({ id, isNew, isEdited }))).toEqual([
      { id: 'a', isNew: false, isEdited: true },
      { id: 'n', isNew: true, isEdited: false },
    ]);
    expect(changeCount(drafts)).toBe(2);
  });

  it('drops a removed new item and marks a removed stored one', () => {
    let drafts = addDraft(draftsOf([stored('a', 1)]), fresh('n'));
    drafts = removeDraft(removeDraft(drafts, 'n'), 'a');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ id: 'a', isRemoved: true });
  });

  it('saves creates, patches and deletes; sends a location only when whole and omits an empty floor (SPEC §5)', () => {
    let drafts = draftsOf([stored('a', 1), stored('b', 2)]);
    drafts = addDraft(drafts, fresh('n'));
    drafts = addDraft(drafts, { ...fresh('m', ' U1 '), location: { lat: 59.91, lng: 10.75 } });
    drafts = moveDraft(drafts, 'a', { lat: 60, lng: 11 });
    drafts = removeDraft(drafts, 'b');
    const input = saveInputOf(PROJECT, drafts);
    expect(input.created).toEqual([
      { id: 'n', serviceTemplateId: 'template', name: '', emergencyType: 'none' },
      {
        id: 'm',
        serviceTemplateId: 'template',
        name: '',
        emergencyType: 'none',
        location: { lat: 59.91, lng: 10.75 },
        floor: 'U1',
      },
    ]);
    expect(input.edited).toEqual([{ id: 'a', version: 3, changes: { location: { lat: 60, lng: 11 } } }]);
    expect(input.removed).toEqual([{ id: 'b', version: 3 }]);
  });

  it('reads typed coordinates: both, neither, or refused', () => {
    expect(locationFromText('59,91', '10.75')).toEqual({ lat: 59.91, lng: 10.75 });
    expect(locationFromText('', ' ')).toBeNull();
    expect(locationFromText('59.9', '')).toBe('incomplete');
    expect(locationFromText('91', '10')).toBe('range');
  });
});
