import type {
  AdminServiceCreateInput,
  ServiceAnswerDto,
  ServiceGroupDto,
  ServiceRowDto,
  ServiceTemplateFullDto,
} from '@karm/domain/contract';
import type { SignedInUser } from '../../test/test-server';

/** A template with one group of one answer row (OK / Not OK), made through the socket as an admin would. */
export const buildTemplate = async (
  admin: SignedInUser,
  name = `Mal ${Math.random().toString(36).slice(2, 8)}`,
) => {
  const create = (input: AdminServiceCreateInput) => admin.client.request('admin-service:create', input);
  const template = await create({ entity: 'template', name, info: 'Årlig kontroll' });
  const withGroup = await create({ entity: 'group', templateId: template.id, name: 'Sensorer' });
  const group = withGroup.groups[0] as ServiceGroupDto;
  const withRow = await create({
    entity: 'row',
    groupId: group.id,
    name: 'Aktiveringssensor',
    type: 'singleAnswer',
  });
  const row = groupOf(withRow, group.id).rows[0] as ServiceRowDto;
  await create({ entity: 'answer', rowId: row.id, name: 'OK', color: '#2f9e44' });
  const full = await create({
    entity: 'answer',
    rowId: row.id,
    name: 'Ikke OK',
    color: '#e03131',
    isDeviationRequired: true,
  });
  return { template: full, groupId: group.id, rowId: row.id };
};

export const groupOf = (template: ServiceTemplateFullDto, groupId: string) => {
  const group = template.groups.find((candidate) => candidate.id === groupId);
  if (!group) throw new Error(`No group ${groupId}`);
  return group;
};

export const rowOf = (template: ServiceTemplateFullDto, rowId: string): ServiceRowDto => {
  for (const group of template.groups) {
    const row = group.rows.find((candidate) => candidate.id === rowId);
    if (row) return row;
  }
  throw new Error(`No row ${rowId}`);
};

export const answersOfRow = (template: ServiceTemplateFullDto, rowId: string): ServiceAnswerDto[] =>
  rowOf(template, rowId).answers;

/** Every order of the tree is 0…n−1 (dense, no repeat). */
export const expectDenseOrders = (template: ServiceTemplateFullDto) => {
  const dense = (positions: number[]) => positions.every((position, index) => position === index);
  const problems: string[] = [];
  if (!dense(template.groups.map((group) => group.position))) problems.push('groups');
  for (const group of template.groups) {
    if (!dense(group.rows.map((row) => row.position))) problems.push(`rows of ${group.name}`);
    for (const row of group.rows) {
      if (!dense(row.answers.map((answer) => answer.position))) problems.push(`answers of ${row.name}`);
    }
  }
  return problems;
};
