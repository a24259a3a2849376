import {
  type OrderDto,
  type orderSchema,
  type ProjectDto,
  type ProjectFieldsInput,
  projectFieldsSchema,
} from '@karm/domain/contract';
import type { z } from 'zod';
import { type LineDraft, newLine, nextDraftKey, toLineDrafts, toLineInputs } from '@/components';
import { useContractForm } from '@/lib/forms';

/** Every field of the project dialog's form, as the contract reads it (SPEC §3 project). */
export type ProjectFormValues = z.output<typeof projectFieldsSchema>;
type FieldName = keyof ProjectFormValues;

// Every field has a default except the name, which a new project starts without.
export const EMPTY_PROJECT: ProjectFormValues = { ...projectFieldsSchema.parse({ name: '-' }), name: '' };

export const newProjectValues = (defaults: Partial<ProjectFieldsInput> = {}): ProjectFormValues => ({
  ...EMPTY_PROJECT,
  ...defaults,
});

/** The form's view of a saved project. */
export const toFormValues = (project: ProjectDto): ProjectFormValues => ({
  name: project.name,
  description: project.description,
  departmentId: project.department?.id ?? null,
  projectCategory: project.projectCategory,
  customerId: project.customer?.id ?? null,
  contactId: project.contact?.id ?? null,
  projectManagerId: project.projectManager?.id ?? null,
  startDate: project.startDate,
  endDate: project.endDate,
  deliveryDate: project.deliveryDate,
  agreedInstallationDate: project.agreedInstallationDate,
  isClosed: project.isClosed,
  isDirect: project.isDirect,
  isService: project.isService,
  projectAddress: project.projectAddress,
  projectPostalCode: project.projectPostalCode,
  projectCity: project.projectCity,
  noteToPlanner: project.noteToPlanner,
  workOrderNotes: project.workOrderNotes,
  siteContactName: project.siteContactName,
  siteContactPhone: project.siteContactPhone,
  productionHours: project.productionHours,
  installationHours: project.installationHours,
  installationStaff: project.installationStaff,
  missingData: project.missingData,
  missingDataComment: project.missingDataComment,
});

/** Text as the contract stores it: trimmed. */
const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The fields that differ from the saved project: what makes the form dirty. */
export const changedFields = (saved: ProjectDto, values: ProjectFormValues): Partial<ProjectFormValues> => {
  const before = toFormValues(saved);
  const changes: Partial<Record<FieldName, unknown>> = {};
  for (const field of Object.keys(before) as FieldName[]) {
    const after = clean(values[field]);
    if (after !== before[field]) changes[field] = after;
  }
  return changes as Partial<ProjectFormValues>;
};

export const useProjectForm = (initial: ProjectFormValues) =>
  useContractForm<ProjectFormValues>(projectFieldsSchema, initial);
export type ProjectForm = ReturnType<typeof useProjectForm>;

// --- orders ---------------------------------------------------------------------------------

export type OrderDraft = { key: string; id?: string; title: string; lines: LineDraft[] };
export type OrderInput = z.input<typeof orderSchema>;

export const newOrder = (): OrderDraft => ({ key: nextDraftKey(), title: '', lines: [newLine()] });

export const toDrafts = (orders: OrderDto[]): OrderDraft[] =>
  orders.map((order) => ({
    key: nextDraftKey(),
    id: order.id,
    title: order.title,
    lines: toLineDrafts(order.lines),
  }));

/** The orders as `project:save-orders` takes them (the sales price is the server's to work out). */
export const toOrderInputs = (drafts: OrderDraft[]): OrderInput[] =>
  drafts.map(({ id, title, lines }) => ({
    ...(id ? { id } : {}),
    title: title.trim(),
    lines: toLineInputs(lines),
  }));

export const ordersDiffer = (drafts: OrderDraft[], saved: OrderDto[]) =>
  JSON.stringify(toOrderInputs(drafts)) !== JSON.stringify(toOrderInputs(toDrafts(saved)));
