import type { OfferDto, OfferRecordDto } from '@karm/domain/contract';
import { offerStatusDeadline } from '@karm/domain/rules';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/client';
import { confirmationCounts } from '../confirmations/confirmation-dto';
import { contactSummaries } from '../customers/contacts.service';
import { customerSummaries } from '../customers/customers.service';
import { employeeSummaries } from '../employees/employees.service';
import { readOfferSettings } from './offer-config.service';
import type { offers } from './offers.tables';

export type OfferRow = typeof offers.$inferSelect;

/** What deadlines depend on: every status's days (deleted ones too, offers may still carry them) and the default. */
export const deadlineRules = async (db: Executor, companyId: string) => {
  const { config, statuses } = await readOfferSettings(db, companyId);
  return { config, statuses: new Map(statuses.map((status) => [status.id, status])) };
};
type DeadlineRules = Awaited<ReturnType<typeof deadlineRules>>;

const deadlineOf = (row: OfferRow, rules: DeadlineRules) => {
  const status = row.statusId ? rules.statuses.get(row.statusId) : undefined;
  return offerStatusDeadline({
    statusChangedAt: row.statusChangedAt,
    statusDeadlineDays: status?.deadlineDays ?? null,
    defaultDeadlineDays: rules.config.deadlineDays,
    isDecided: Boolean(status?.isWon || status?.isLost),
  });
};

export const toRecordDto = (
  row: OfferRow,
  rules: DeadlineRules,
  confirmationCount: number,
): OfferRecordDto => ({
  id: row.id,
  number: row.number,
  statusId: row.statusId,
  statusChangedAt: row.statusChangedAt,
  statusDeadline: deadlineOf(row, rules),
  offerDeadline: row.offerDeadline,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt,
  expectedDeliveryDate: row.expectedDeliveryDate,
  value: row.value,
  contributionMargin: row.contributionMargin,
  productionHours: row.productionHours,
  productionStaff: row.productionStaff,
  installationHours: row.installationHours,
  installationStaff: row.installationStaff,
  paymentPlan: row.paymentPlan,
  ownerId: row.ownerId,
  customerId: row.customerId,
  oneTimeCustomer: row.oneTimeCustomer ?? null,
  contactId: row.contactId,
  projectName: row.projectName,
  projectAddress: row.projectAddress,
  postalCode: row.postalCode,
  city: row.city,
  projectCategory: row.projectCategory,
  complexity: row.complexity,
  ownerType: row.ownerType,
  projectOwner: row.projectOwner,
  architect: row.architect,
  consultant: row.consultant,
  calculationGroup: row.calculationGroup,
  comment: row.comment,
  inquiryId: row.inquiryId,
  inquiryNumber: row.inquiryNumber,
  projectId: row.projectId,
  projectNumber: row.projectNumber,
  confirmationCount,
  archived: row.archived,
  archiveReason: row.archiveReason,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const idsOf = (rows: OfferRow[], pick: (row: OfferRow) => string | null) =>
  rows.map(pick).filter((id): id is string => id !== null);

/** Records of a page of offers: deadline rules and confirmation counts in two queries, whatever the page size. */
export const offerRecordDtos = async (
  db: Executor,
  companyId: string,
  rows: OfferRow[],
  knownRules?: DeadlineRules,
) => {
  const [rules, counts] = await Promise.all([
    knownRules ?? deadlineRules(db, companyId),
    confirmationCounts(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => toRecordDto(row, rules, counts.get(row.id) ?? 0));
};

/** Offers with the names they refer to and the displayed status (GET /offers/populated). */
export const offerDtos = async (
  ctx: AppContext,
  companyId: string,
  rows: OfferRow[],
): Promise<OfferDto[]> => {
  const rules = await deadlineRules(ctx.db, companyId);
  const [records, customers, contacts, owners] = await Promise.all([
    offerRecordDtos(ctx.db, companyId, rows, rules),
    customerSummaries(
      ctx.db,
      companyId,
      idsOf(rows, (row) => row.customerId),
    ),
    contactSummaries(
      ctx,
      companyId,
      idsOf(rows, (row) => row.contactId),
    ),
    employeeSummaries(
      ctx,
      companyId,
      idsOf(rows, (row) => row.ownerId),
    ),
  ]);
  return records.map((record) => {
    const status = record.statusId ? rules.statuses.get(record.statusId) : undefined;
    const lookup = <T>(map: Map<string, T>, id: string | null) => (id ? (map.get(id) ?? null) : null);
    return {
      ...record,
      status: status ? { id: status.id, name: status.name } : null,
      owner: lookup(owners, record.ownerId),
      customer: lookup(customers, record.customerId),
      contact: lookup(contacts, record.contactId),
      displayedStatus: { name: status?.name ?? '', deadline: record.statusDeadline },
    };
  });
};
