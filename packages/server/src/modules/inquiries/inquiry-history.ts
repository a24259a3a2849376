import type {
  InquiryField,
  InquiryFieldChange,
  InquiryHistoryAction,
  InquiryHistoryDto,
} from '@karm/domain/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor, AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { userNamesByIds } from '../auth/users.repository';
import { contactSummaries } from '../customers/contacts.service';
import { customerSummaries } from '../customers/customers.service';
import { employeeSummaries } from '../employees/employees.service';
import { inquiryHistory } from './inquiries.tables';
import type { InquiryRow } from './inquiry-dto';

type FieldValues = Partial<Record<InquiryField, unknown>>;

/** Writes one history row; the person's name is kept as it was, so renaming nobody rewrites history. */
export const recordHistory = async (
  tx: Executor,
  actor: Actor,
  inquiryId: string,
  entry: { action: InquiryHistoryAction; changes?: InquiryFieldChange[]; detail?: string | null },
) => {
  const names = await userNamesByIds(tx, [actor.userId]);
  await tx.insert(inquiryHistory).values({
    companyId: actor.companyId,
    inquiryId,
    userId: actor.userId,
    userName: names.get(actor.userId) ?? '',
    action: entry.action,
    changes: entry.changes ?? [],
    detail: entry.detail ?? null,
  });
};

const isSame = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** One changed field with the before and after as people read them. */
export type FieldChange<Field extends string> = { field: Field; from: string | null; to: string | null };

/**
 * The fields whose value differs, each with the before and after as people read them: the
 * owner's, customer's and contact's names rather than ids, a one-time customer by its name. Shared
 * by the inquiry and the offer history; `shownOther` shows a record's own fields (null: empty,
 * undefined: as text). Call it before the write's transaction: the names are read on ctx.db.
 */
export const describeChanges = async <Field extends string>(
  ctx: AppContext,
  companyId: string,
  before: Partial<Record<Field, unknown>>,
  after: Partial<Record<Field, unknown>>,
  shownOther: (field: Field, value: unknown) => string | null | undefined = () => undefined,
): Promise<FieldChange<Field>[]> => {
  const fields = (Object.keys(after) as Field[]).filter(
    (field) => after[field] !== undefined && !isSame(before[field], after[field]),
  );
  const both = (field: string) =>
    [before[field as Field], after[field as Field]].filter((id): id is string => typeof id === 'string');
  const [owners, customers, contacts] = await Promise.all([
    employeeSummaries(ctx, companyId, both('ownerId')),
    customerSummaries(ctx.db, companyId, both('customerId')),
    contactSummaries(ctx, companyId, both('contactId')),
  ]);
  const shown = (field: Field, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    switch (field as string) {
      case 'ownerId':
        return owners.get(value as string)?.displayName ?? null;
      case 'customerId':
        return customers.get(value as string)?.name ?? null;
      case 'contactId':
        return contacts.get(value as string)?.displayName ?? null;
      case 'oneTimeCustomer':
        return (value as { name: string }).name;
      default: {
        const other = shownOther(field, value);
        return other === undefined ? String(value) : other;
      }
    }
  };
  return fields.map((field) => ({
    field,
    from: shown(field, before[field]),
    to: shown(field, after[field]),
  }));
};

/** The fields of a stored inquiry under the names the contract uses. */
export const fieldValuesOf = (row: InquiryRow): FieldValues => ({
  receivedDate: row.receivedDate,
  deadline: row.deadline,
  ownerId: row.ownerId,
  projectName: row.projectName,
  projectAddress: row.projectAddress,
  postalCode: row.postalCode,
  city: row.city,
  comment: row.comment,
  projectCategory: row.projectCategory,
  calculationGroup: row.calculationGroup,
  complexity: row.complexity,
  customerCategory: row.customerCategory,
  ownerType: row.ownerType,
  projectOwner: row.projectOwner,
  architect: row.architect,
  consultant: row.consultant,
  customerId: row.customerId,
  oneTimeCustomer: row.oneTimeCustomer,
  contactId: row.contactId,
  creditScore: row.creditScore,
});

export const historyOf = async (
  db: Executor,
  companyId: string,
  inquiryId: string,
): Promise<InquiryHistoryDto[]> => {
  const rows = await db
    .select()
    .from(inquiryHistory)
    .where(and(eq(inquiryHistory.companyId, companyId), eq(inquiryHistory.inquiryId, inquiryId)))
    .orderBy(asc(inquiryHistory.at), asc(inquiryHistory.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    user: row.userId ? { id: row.userId, name: row.userName } : null,
    action: row.action,
    changes: row.changes,
    detail: row.detail,
  }));
};
